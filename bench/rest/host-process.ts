// The host under test in its own process (the built product, see probe-host.ts), with a window
// on its frame intervals.
import { join } from 'node:path';
import { cpuMicros, startIpcChild } from './ipc-child';

/** Options of the host under test. */
export interface HostUnderTestOptions {
  /** Anonymous asteroids in the demo scene (default 3000, the product's default). */
  asteroids?: number;
  /** Target frame rate (default 60). */
  fps?: number;
  /** Further command-line options of the host. */
  args?: readonly string[];
  /** Options of the host's node (for example `--cpu-prof`). */
  nodeArgs?: readonly string[];
}

/** The frames of a measured window, counted by the host's own loop. */
export interface FrameWindow {
  /** Milliseconds between frame starts (one per frame run, at most the last 1024). */
  intervals: number[];
  /** Frames that fell due but were dropped because the loop was over a period behind. */
  skipped: number;
}

/** A running host process. */
export interface HostUnderTest {
  /** Base URL of its REST interface. */
  readonly url: string;
  readonly pid: number;
  /** Frame period in milliseconds (1000 / fps). */
  readonly periodMs: number;
  /** Starts a frame-interval window. */
  markFrames(): Promise<void>;
  /** Milliseconds between frame starts since the last markFrames (at most the last 1024). */
  frameIntervals(): Promise<number[]>;
  /** Frame intervals and the frames dropped after stalls, both since the last markFrames. */
  frameWindow(): Promise<FrameWindow>;
  /** Heap bytes in use after a full collection, and the watches and event streams open. */
  heap(): Promise<{ heapUsed: number; watchers: number; streams: number }>;
  /** CPU time (user + system, µs) the host process has used so far. */
  cpuMicros(): Promise<number>;
  /** True while the process runs. */
  alive(): boolean;
  /** Stops the host (SIGKILL after 2 s); resolves once the process is gone. */
  stop(): Promise<void>;
}

/** Starts the built host on 127.0.0.1, port 0 (a free port), headless. */
export async function startHost(options: HostUnderTestOptions = {}): Promise<HostUnderTest> {
  const fps = options.fps ?? 60;
  const args = ['--port', '0', '--address', '127.0.0.1', '--headless', '--title', 'load-bench', '--fps', String(fps),
    '--asteroids', String(options.asteroids ?? 3000), ...(options.args ?? [])];
  const child = await startIpcChild(join(import.meta.dirname, 'probe-host.ts'), args, undefined, options.nodeArgs);
  const frameWindow = async (): Promise<FrameWindow> => {
    const reply = await child.ask('intervals');
    if (!Array.isArray(reply.intervals) || typeof reply.skipped !== 'number') throw new Error(`the host answered 'intervals' with ${JSON.stringify(reply)}`);
    return { intervals: reply.intervals as number[], skipped: reply.skipped };
  };
  return {
    url: child.url,
    pid: child.pid,
    periodMs: 1000 / fps,
    async markFrames() { await child.ask('mark'); },
    async frameIntervals() { return (await frameWindow()).intervals; },
    frameWindow,
    async heap() {
      const r = await child.ask('heap');
      return { heapUsed: Number(r.heapUsed), watchers: Number(r.watchers), streams: Number(r.streams) };
    },
    cpuMicros: () => cpuMicros(child),
    alive: () => child.running(),
    stop: () => child.stop(),
  };
}
