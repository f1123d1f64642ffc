// How a watch client tells it reads the past: event ids carry the frame and the host's clock; the
// meter needs no agreement between the clocks, only the freshest delivery as its reference.
import { describe, expect, test } from 'vitest';
import { WATCH_MAX_LAG_MS, WatchLagMeter, formatWatchEventId, parseWatchEventId } from '../../../../src/shared/protocol';

describe('watch event ids', () => {
  test('carry the frame and the host time; a bare frame (older hosts) still reads as a frame', () => {
    expect(formatWatchEventId(812, 1764100000123.4)).toBe('812@1764100000123');
    expect(parseWatchEventId('812@1764100000123')).toEqual({ frame: 812, time: 1764100000123 });
    expect(parseWatchEventId('812')).toEqual({ frame: 812, time: NaN });
    expect(parseWatchEventId('')).toBeUndefined();
    expect(parseWatchEventId('x@1')).toBeUndefined();
    // An id without its frame is neither form: not frame 0.
    expect(parseWatchEventId('@1764100000123')).toBeUndefined();
    expect(parseWatchEventId(' ')).toBeUndefined();
  });
});

describe('watch lag meter', () => {
  test('measures against the freshest delivery, whatever the offset between the clocks', () => {
    const host = 5_000_000; // the host's clock runs 5,000 s behind the client's
    const m = new WatchLagMeter();
    const local = (t: number) => host + 5_000_000 + t;
    expect(m.read(formatWatchEventId(1, host), local(3))).toBe(0);
    expect(m.read(formatWatchEventId(2, host + 16), local(16 + 2))).toBe(0); // fresher: the new reference
    expect(m.read(formatWatchEventId(3, host + 33), local(33 + 2 + 500))).toBe(500);
    expect(m.behind).toBe(false);
    expect(m.read(formatWatchEventId(4, host + 50), local(50 + 2 + WATCH_MAX_LAG_MS + 1))).toBe(WATCH_MAX_LAG_MS + 1);
    expect(m.behind).toBe(true);
  });

  test('after a reopen, a late first event sets the reference instead of reopening again', () => {
    const m = new WatchLagMeter(1000);
    m.read('1@1000', 1000);
    m.read('2@1016', 5000);
    expect(m.behind).toBe(true);
    m.reopened();
    expect(m.behind).toBe(false);
    // The new stream's first event took 3 s to read (a large page, a slow reader): taken as the reference.
    expect(m.read('300@6000', 9000)).toBe(0);
    expect(m.read('301@6016', 9016)).toBe(0);
    expect(m.read('302@6033', 10_500)).toBe(1467);
    expect(m.behind).toBe(true);
  });

  test('after a reopen, a first event within the limit keeps the reference: its lag is what it is', () => {
    const host = 5_000_000; // the clocks' offset stays in the reference, large as it is
    const m = new WatchLagMeter(1000);
    expect(m.read(`1@${host}`, host + 7_000_000)).toBe(0);
    m.reopened();
    expect(m.read(`2@${host + 16}`, host + 7_000_000 + 16 + 300)).toBe(300);
    m.reopened();
    // Exactly the limit late is not beyond it: the reference stays, and the reader is not behind.
    expect(m.read(`3@${host + 33}`, host + 7_000_000 + 33 + 1000)).toBe(1000);
    expect(m.behind).toBe(false);
    expect(m.read(`4@${host + 50}`, host + 7_000_000 + 50 + 1001)).toBe(1001);
    expect(m.behind).toBe(true);
  });

  test('ids without a host time never count as late', () => {
    const m = new WatchLagMeter();
    expect(m.read('5', 1e12)).toBe(0);
    expect(m.read(undefined, 2e12)).toBe(0);
    expect(m.behind).toBe(false);
  });
});
