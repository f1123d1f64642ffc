// Starts the built plain-Node host (`node out/main/ecs-live.js`) as a child process for tests that
// need the real product: its command line, its signals, its sockets. Builds nothing: run
// `npx electron-vite build` first. The host listens on 127.0.0.1 and a free port (--port 0)
// unless the arguments name a port; the helper waits for the line that prints the REST URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The plain-Node entry of the build. */
export const HOST_SCRIPT = join(import.meta.dirname, '..', '..', 'out', 'main', 'ecs-live.js');

/** How a host process ended. */
export interface HostExit {
  /** Exit code, or null when a signal ended it. */
  code: number | null;
  /** The signal that ended it, or null. */
  signal: NodeJS.Signals | null;
}

/** A running host. */
export interface SpawnedHost {
  /** Base URL of the REST interface, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Process id (for /proc/<pid>/… inspection). */
  readonly pid: number;
  /** The child process. */
  readonly child: ChildProcess;
  /** Resolves when the process has exited. */
  readonly exited: Promise<HostExit>;
  /** Everything the host wrote to stdout and stderr so far. */
  output(): string;
  /**
   * Sends `signal` (default SIGTERM) and resolves with the exit and the milliseconds from the
   * signal to the exit; after `killAfterMs` (default 5000) the process is killed with SIGKILL.
   */
  stop(signal?: NodeJS.Signals, killAfterMs?: number): Promise<HostExit & { ms: number }>;
}

/** Options of spawnHost and runHost. */
export interface SpawnOptions {
  /** How long to wait for the host to come up or, for runHost, to exit, in ms (default 60000: a loaded machine starts processes slowly). */
  timeoutMs?: number;
  /** Extra environment variables. */
  env?: Record<string, string>;
}

const running = new Set<SpawnedHost>();

function checkBuilt(): void {
  if (!existsSync(HOST_SCRIPT)) throw new Error(`${HOST_SCRIPT} is missing: build the product first with 'npx electron-vite build'`);
}

function start(args: readonly string[], env: Record<string, string> | undefined) {
  checkBuilt();
  const named = args.some((a) => a === '--port' || a === '-p' || a.startsWith('--port='));
  const child = spawn(process.execPath, [HOST_SCRIPT, ...(named ? [] : ['--port', '0']), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let text = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => { text += c; });
  child.stderr!.setEncoding('utf8').on('data', (c: string) => { text += c; });
  const exited = new Promise<HostExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => text };
}

/**
 * Starts a host with `args` (e.g. ['--asteroids', '100', '--token', 't']) and resolves once it
 * serves; rejects with its output when it exits or does not come up in time.
 */
export async function spawnHost(args: readonly string[] = [], options: SpawnOptions = {}): Promise<SpawnedHost> {
  const { child, exited, output } = start(args, options.env);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`the host did not come up within ${timeoutMs} ms; its output:\n${output()}`)); }, timeoutMs);
    const onData = () => {
      const m = /REST\s+http:\/\/[^\s]+:(\d+)/.exec(output());
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve(Number(m[1]));
    };
    child.stdout!.on('data', onData);
    void exited.then((e) => { clearTimeout(timer); reject(new Error(`the host exited (code ${e.code}, signal ${e.signal}) before serving; its output:\n${output()}`)); });
  });
  const host: SpawnedHost = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    child,
    exited,
    output,
    async stop(signal: NodeJS.Signals = 'SIGTERM', killAfterMs = 5000) {
      running.delete(host);
      const t0 = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const kill = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      const e = await exited;
      clearTimeout(kill);
      return { ...e, ms: performance.now() - t0 };
    },
  };
  running.add(host);
  return host;
}

/** Runs a host that is expected to exit by itself (bad options, a taken port); resolves with its exit and output. */
export async function runHost(args: readonly string[], options: SpawnOptions = {}): Promise<HostExit & { output: string }> {
  const { child, exited, output } = start(args, options.env);
  const timeoutMs = options.timeoutMs ?? 20_000;
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const e = await exited;
  clearTimeout(timer);
  return { ...e, output: output() };
}

/** Stops every host spawnHost started that is still running (for afterAll/afterEach). */
export async function stopAllHosts(): Promise<void> {
  await Promise.all([...running].map((h) => h.stop('SIGTERM')));
}
