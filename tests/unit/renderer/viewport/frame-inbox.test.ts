// The viewport's handling of the frame stream before drawing: routing messages, keeping only the
// newest frame, decoding it, and saying why a frame cannot be drawn.
import { describe, expect, test } from 'vitest';
import { FrameInbox, routeFrameMessage, sceneRadius } from '../../../../src/renderer/viewport';
import { FrameFlag, Shape, type MetaMessage } from '../../../../src/shared/protocol';
import { frameBytes } from './frames';

function recorder() {
  const got: { frames: (ArrayBuffer | Uint8Array)[]; metas: MetaMessage[] } = { frames: [], metas: [] };
  return { got, sinks: { frame: (d: ArrayBuffer | Uint8Array) => got.frames.push(d), meta: (m: MetaMessage) => got.metas.push(m) } };
}

describe('routeFrameMessage', () => {
  test('a text message is a meta message, a binary one a frame', () => {
    const { got, sinks } = recorder();
    const meta: MetaMessage = { type: 'meta', title: 'Demo', entities: [{ id: 5, name: 'Sun', path: 'Sun' }] };
    routeFrameMessage(JSON.stringify(meta), sinks);
    const bytes = frameBytes([{ id: 5 }]);
    routeFrameMessage(bytes, sinks);
    routeFrameMessage(bytes.buffer, sinks);
    expect(got.metas).toEqual([meta]);
    expect(got.frames).toEqual([bytes, bytes.buffer]);
  });

  test('text that is not a meta message, and other values, are ignored', () => {
    const { got, sinks } = recorder();
    for (const data of ['not json', '{"type":"other"}', 42, null, { ack: 1 }]) routeFrameMessage(data, sinks);
    expect(got).toEqual({ frames: [], metas: [] });
  });
});

describe('FrameInbox', () => {
  test('only the newest undrawn frame is decoded; the ones it replaced are counted as dropped', () => {
    const inbox = new FrameInbox();
    expect(inbox.take()).toEqual({ kind: 'none' });
    inbox.put(frameBytes([{ id: 1 }], 10));
    inbox.put(frameBytes([{ id: 1 }, { id: 2 }], 11));
    inbox.put(frameBytes([{ id: 3, at: [1, 2, 3], color: 0x112233, shape: Shape.Ship, flags: FrameFlag.Named }], 12));
    const t = inbox.take();
    expect(t.kind).toBe('frame');
    if (t.kind !== 'frame') return;
    expect(t.frame.frameNumber).toBe(12);
    expect(t.frame.count).toBe(1);
    expect(Array.from(t.frame.ids)).toEqual([3]);
    expect(Array.from(t.frame.positions)).toEqual([1, 2, 3]);
    expect(t.frame.colors[0]).toBe(0x112233);
    expect(t.frame.shapes[0]).toBe(Shape.Ship);
    expect(t.frame.flags[0]).toBe(FrameFlag.Named);
    expect(inbox.dropped).toBe(2);
    expect(inbox.take()).toEqual({ kind: 'none' });
  });

  test('a frame that cannot be decoded gives a message for the overlay, and the next good frame draws', () => {
    const inbox = new FrameInbox();
    const bad = frameBytes([{ id: 1 }]);
    bad[0] = 0; // breaks the magic number
    inbox.put(bad);
    const t = inbox.take();
    expect(t.kind).toBe('error');
    if (t.kind === 'error') expect(t.message).toMatch(/^cannot draw a frame from the host: /);
    inbox.put(frameBytes([{ id: 1 }, { id: 2 }]).slice(0, 40)); // cut short
    expect(inbox.take().kind).toBe('error');
    inbox.put(frameBytes([{ id: 7 }]));
    expect(inbox.take().kind).toBe('frame');
  });
});

describe('sceneRadius', () => {
  test('holds 95% of the entities, so a few far strays do not shrink the scene', () => {
    const n = 100;
    const p = new Float32Array(n * 3);
    for (let i = 0; i < n; i++) p[i * 3] = i < 96 ? 10 : 1000; // 96 near, 4 far away
    expect(sceneRadius(p, n)).toBe(10);
    p[95 * 3] = 1000; // now 5 far: the 95th percentile reaches them
    expect(sceneRadius(p, n)).toBe(1000);
  });

  test('measures distance from the origin in 3D, and is 0 for an empty frame', () => {
    expect(sceneRadius(new Float32Array([3, 4, 12]), 1)).toBe(13);
    expect(sceneRadius(new Float32Array(0), 0)).toBe(0);
  });
});
