// An event sink for tests of the watch feeds: records every event written to it, and can pretend
// its reader is behind (set backedUp). It never drains as a socket does: the real back-pressure and
// catch-up run in tests/unit/main/host/watch-backed-up-catch-up.test.ts on a real host.
import type { EventSink } from '../../src/main/http/index';
import { applyWatchEvent, type WatchState } from '../../src/shared/protocol';

/** A sink that records events and can pretend its reader is behind. */
export class RecordingSink implements EventSink {
  events: { event: string; data: string; id: string }[] = [];
  backedUp = false;
  bytesWritten = 0;
  write(event: string, data: string, id?: string | number): void {
    this.events.push({ event, data, id: String(id ?? '') });
    this.bytesWritten += data.length;
  }
  /** The state a client holds after every event so far. */
  state(): WatchState | undefined {
    let s: WatchState | undefined;
    for (const e of this.events) s = applyWatchEvent(s, e.event, e.data, e.id);
    return s;
  }
}
