// What arrives from the host, before drawing: messages routed to frame or meta, and the newest
// frame kept until the next animation frame decodes it (older undrawn frames are dropped).
import { decodeFrame, parseMetaMessage, type FrameView } from '../../shared/protocol/frame';
import type { FrameSinks } from './frame-source';

/**
 * Routes one message of the frame stream: a string is a meta message (ignored unless valid), a
 * binary is a frame; anything else is ignored. Shared by the WebSocket and MessagePort sources.
 */
export function routeFrameMessage(data: unknown, sinks: Pick<FrameSinks, 'frame' | 'meta'> | undefined): void {
  if (typeof data === 'string') {
    const meta = parseMetaMessage(data);
    if (meta !== undefined) sinks?.meta(meta);
  } else if (data instanceof ArrayBuffer || data instanceof Uint8Array) {
    sinks?.frame(data);
  }
}

/** The outcome of taking the pending frame: nothing new, a decoded frame, or why it cannot be drawn. */
export type InboxTake = { kind: 'none' } | { kind: 'frame'; frame: FrameView } | { kind: 'error'; message: string };

/** Holds the newest undrawn frame; only it is decoded, once, when the page draws. */
export class FrameInbox {
  private pending: ArrayBuffer | Uint8Array | undefined;
  /** Frames replaced before they were drawn. */
  dropped = 0;

  /** A frame arrived: it replaces one not yet drawn. */
  put(data: ArrayBuffer | Uint8Array): void {
    if (this.pending !== undefined) this.dropped++;
    this.pending = data;
  }

  /** Takes the pending frame and decodes it. */
  take(): InboxTake {
    const data = this.pending;
    this.pending = undefined;
    if (data === undefined) return { kind: 'none' };
    try {
      return { kind: 'frame', frame: decodeFrame(data) };
    } catch (e) {
      return { kind: 'error', message: `cannot draw a frame from the host: ${(e as Error).message}` };
    }
  }
}

/** Radius about the origin that holds most of the scene (the 95th percentile, so strays don't shrink it); 0 for no entities. */
export function sceneRadius(positions: Float32Array, n: number): number {
  if (n <= 0) return 0;
  const d = new Float32Array(n);
  for (let i = 0; i < n; i++) d[i] = Math.hypot(positions[i * 3]!, positions[i * 3 + 1]!, positions[i * 3 + 2]!);
  d.sort();
  return d[Math.min(n - 1, Math.floor(n * 0.95))]!;
}
