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

  test('a first event read after the client froze is judged like any other; the reopen it causes gets the allowance', () => {
    const m = new WatchLagMeter(1000);
    m.read('1@1000', 1000);
    m.read('2@1016', 3000);
    m.reopened(3000);
    // The tab froze just after reopening; the new stream's first event (made 100 ms after the
    // reopen) is read 10 s later: it shows the time away, so the stream is reopened again.
    m.ran(3250);
    expect(m.read('200@3100', 13_000)).toBe(9900);
    expect(m.behind).toBe(true);
    // The page runs again; the next stream's first event is late too (a large page on a slow link): taken.
    m.reopened(13_000);
    m.ran(13_250);
    m.ran(13_500);
    expect(m.read('800@13010', 14_600)).toBe(0);
    expect(m.behind).toBe(false);
    // Once the reference is reset, the freeze is forgotten: the next reopen allows a late first event again.
    m.reopened(15_000);
    for (let t = 15_250; t <= 18_000; t += 250) m.ran(t);
    expect(m.read('900@15001', 18_000)).toBe(0);
  });

  test('a late first event while the client ran all along (a tick at least every 2 s) keeps the allowance; a longer gap is a freeze', () => {
    const ticking = new WatchLagMeter(1000);
    ticking.read('1@1000', 1000);
    ticking.reopened(2000);
    for (let t = 4000; t <= 8000; t += 2000) ticking.ran(t); // a background tab's throttled timers: not frozen
    expect(ticking.read('5@2010', 8000)).toBe(0);
    const frozen = new WatchLagMeter(1000);
    frozen.read('1@1000', 1000);
    frozen.reopened(2000);
    frozen.ran(4001); // one gap just over twice the limit
    frozen.ran(4100);
    expect(frozen.read('5@2010', 8000)).toBe(5990);
    expect(frozen.behind).toBe(true);
    // Told nothing (a client without timers), the meter assumes no freeze, as before.
    const untold = new WatchLagMeter(1000);
    untold.read('1@1000', 1000);
    untold.reopened();
    expect(untold.read('5@2010', 60_000)).toBe(0);
  });

  test('ids without a host time never count as late', () => {
    const m = new WatchLagMeter();
    expect(m.read('5', 1e12)).toBe(0);
    expect(m.read(undefined, 2e12)).toBe(0);
    expect(m.behind).toBe(false);
  });
});
