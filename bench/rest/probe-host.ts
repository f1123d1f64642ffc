// Child entry: runs the built host exactly as `node out/main/ecs-live.js <args>` does, and tells
// its parent the host's own frame intervals (App.recentIntervals) over IPC. Interval = time
// between the starts of two frames: a frame delayed by request handling shows up here, while the
// monitor's frame_time (the work inside a frame) would not see it.
//   { op: 'mark' }       → { frames }            starts a measurement window
//   { op: 'intervals' }  → { intervals: [ms…], skipped }  frame intervals since the last mark (≤ 1024),
//                          and frames the loop dropped after a stall since the mark (App.skippedFrames)
//   { op: 'heap' }       → { heapUsed, watchers, streams }  heap bytes after a full collection, open watches
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadBuiltHost } from './built-host';

// A full collection before reading the heap, so that growth means memory still referenced.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
import { serveIpc } from './ipc-child';

const RING = 1024; // App keeps this many intervals

async function main(): Promise<void> {
  const built = await loadBuiltHost();
  const options = built.parseHostOptions(process.argv);
  const host = new built.Host(options, built.staticRoot);
  let urls;
  try {
    urls = await host.start();
  } catch (err) {
    process.send?.({ op: 'error', message: (err as Error).message });
    await host.stop();
    process.exit(1);
  }
  let markAt = host.app.intervalCount;
  let skippedAt = host.app.skippedFrames;
  serveIpc(urls.rest, (m) => {
    if (m.op === 'mark') {
      markAt = host.app.intervalCount;
      skippedAt = host.app.skippedFrames;
      return { frames: markAt };
    }
    if (m.op === 'intervals') {
      const all = host.app.recentIntervals();
      const since = Math.min(host.app.intervalCount - markAt, RING, all.length);
      return { intervals: all.slice(all.length - since), skipped: host.app.skippedFrames - skippedAt };
    }
    if (m.op === 'heap') {
      collect();
      collect();
      return { heapUsed: process.memoryUsage().heapUsed, watchers: host.watches.watcherCount, streams: host.transport?.openStreams ?? 0 };
    }
    throw new Error(`unknown request '${m.op}'; requests are mark, intervals, heap, stop`);
  }, () => host.stop());
}

void main().catch((err: unknown) => {
  process.send?.({ op: 'error', message: (err as Error).message });
  process.exit(1);
});
