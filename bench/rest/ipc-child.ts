// Parent side of a server run in its own process (the host under test or the bare peer): the
// load generator must not share an event loop or a core's time slices with the server it measures.
// The child speaks a tiny IPC protocol: it sends { op: 'ready', url } once it listens, and answers
// every { op, id } request with { op, id, ... }. Children are killed when the parent exits, so a
// failed or interrupted run leaves no process behind.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** The repository root (where node_modules and out/ live). */
export const REPO_ROOT = join(import.meta.dirname, '..', '..');

/** A message between parent and child; `op` names it, `id` pairs a reply with its request. */
export interface IpcMessage {
  op: string;
  id?: number;
  [key: string]: unknown;
}

/** A running child server. */
export interface IpcChild {
  /** Base URL the child listens on, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** Process id of the child. */
  readonly pid: number;
  /** True until the child process has exited. */
  running(): boolean;
  /** Sends a request and resolves with the child's reply (rejects after `timeoutMs`, default 10 s). */
  ask(op: string, payload?: Record<string, unknown>, timeoutMs?: number): Promise<IpcMessage>;
  /** Asks the child to stop, then kills it if it has not exited within 2 s; resolves once it is gone. */
  stop(): Promise<void>;
}

const living = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => { for (const c of living) c.kill('SIGKILL'); });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => { for (const c of living) c.kill('SIGKILL'); process.exit(130); });
  }
}

/** CPU time (user + system, µs) a child started with serveIpc has used so far. */
export async function cpuMicros(child: Pick<IpcChild, 'ask'>): Promise<number> {
  const reply = await child.ask('cpu');
  if (typeof reply.micros !== 'number') throw new Error(`the child answered 'cpu' with ${JSON.stringify(reply)}`);
  return reply.micros;
}

/**
 * Starts `script` (a TypeScript file, run through tsx) with `args` and waits up to `readyMs`
 * (default 30 s) for its 'ready' message. Rejects with the child's stderr when it exits first.
 * `nodeArgs` go to the child's node before the script (for example `--cpu-prof`).
 */
export function startIpcChild(script: string, args: readonly string[], readyMs = 30_000, nodeArgs: readonly string[] = []): Promise<IpcChild> {
  installExitHook();
  const child = fork(script, [...args], {
    cwd: REPO_ROOT,
    execArgv: [...nodeArgs, '--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  living.add(child);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (s: string) => { stderr = (stderr + s).slice(-4000); });
  child.stdout!.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => { living.delete(child); resolve(); }));
  const pending = new Map<number, (m: IpcMessage) => void>();
  let nextId = 1;
  child.on('message', (m: IpcMessage) => {
    if (m.id === undefined) return;
    const done = pending.get(m.id);
    pending.delete(m.id);
    done?.(m);
  });

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send({ op: 'stop' });
    const killer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(killer);
  };

  return new Promise<IpcChild>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not report ready within ${readyMs} ms; its stderr:\n${stderr}`));
    }, readyMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} ${args.join(' ')} exited (${code ?? signal}) before it was ready; its stderr:\n${stderr}`));
    });
    child.on('message', (m: IpcMessage) => {
      if (m.op === 'error') {
        clearTimeout(timer);
        void stop();
        reject(new Error(`${script}: ${String(m.message)}`));
      }
      if (m.op !== 'ready') return;
      clearTimeout(timer);
      resolve({
        url: String(m.url),
        pid: child.pid!,
        running: () => child.exitCode === null && child.signalCode === null,
        stop,
        ask(op, payload = {}, timeoutMs = 10_000) {
          const id = nextId++;
          return new Promise<IpcMessage>((res, rej) => {
            const t = setTimeout(() => { pending.delete(id); rej(new Error(`${script} did not answer '${op}' within ${timeoutMs} ms`)); }, timeoutMs);
            pending.set(id, (reply) => { clearTimeout(t); res(reply); });
            child.send({ ...payload, op, id });
          });
        },
      });
    });
  });
}

/**
 * Child side: sends 'ready', answers requests with `handle`, and stops on 'stop' or when the
 * parent goes away (so an orphaned child never keeps running).
 */
export function serveIpc(url: string, handle: (m: IpcMessage) => Record<string, unknown> | Promise<Record<string, unknown>>, stop: () => Promise<void>): void {
  let stopping = false;
  const quit = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 1000).unref();
    void stop().then(() => process.exit(0));
  };
  process.on('message', (m: IpcMessage) => {
    if (m.op === 'stop') { quit(); return; }
    // CPU time the child has used (user + system, µs), for the cost of each answer under load.
    if (m.op === 'cpu') { const u = process.cpuUsage(); process.send?.({ op: m.op, id: m.id, micros: u.user + u.system }); return; }
    void Promise.resolve(handle(m)).then(
      (reply) => process.send?.({ ...reply, op: m.op, id: m.id }),
      (err: unknown) => process.send?.({ op: m.op, id: m.id, error: String(err) }),
    );
  });
  process.on('disconnect', quit);
  process.on('SIGTERM', quit);
  process.send?.({ op: 'ready', url });
}
