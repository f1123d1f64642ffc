// `npm start` (scripts/start.mjs) runs the host as its child. A SIGINT, SIGTERM or SIGHUP sent to
// it, or to the shell npm runs it through, must end the host too, or the host lives on as an
// orphan holding the port; and start.mjs must end as its child ended (code, or signal).
// Needs the build (`npx electron-vite build`, the first step of `npm test`); start.mjs builds
// first if the sources are newer. Waits on process and stream events only.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { alive, childrenOf, commandLine, descendants, tryConnect } from '../../support/processes';
import { afterEach, describe, expect, test } from 'vitest';

const START = join(import.meta.dirname, '..', '..', '..', 'scripts', 'start.mjs');
const HOST_ENTRY = 'out/main/ecs-live.js';
/** How long the host may outlive the shell before the test calls it orphaned (a bound on failure only). */
const ORPHAN_BOUND_MS = 20_000;
const started: ChildProcess[] = [];
/** Every process a test started, the host and start.mjs included: none may outlive a failed test. */
const pids = new Set<number>();

afterEach(() => {
  for (const p of started.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  pids.clear();
});

/** Starts `npm start`'s script with a free port (through a shell that stays in between, as npm runs it, when `viaShell`). */
async function startApp(viaShell: boolean) {
  const args = [START, '--headless', '--port', '0'];
  const proc = viaShell
    ? spawn('sh', ['-c', `"${process.execPath}" "${START}" --headless --port 0; exit $?`], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(proc);
  let output = '';
  proc.stderr!.setEncoding('utf8').on('data', (c: string) => { output += c; });
  const streamEnded = new Promise<void>((resolve) => proc.stdout!.on('end', resolve));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout!.setEncoding('utf8').on('data', (c: string) => {
      output += c;
      const m = /REST\s+http:\/\/[^\s]+:(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    void exited.then((e) => reject(new Error(`start.mjs ended (${e.code ?? e.signal}) before serving:\n${output}`)));
  });
  const below = descendants(proc.pid!);
  for (const pid of below) pids.add(pid);
  const hosts = below.filter((pid) => commandLine(pid).includes(HOST_ENTRY));
  expect(hosts, `one host process below start.mjs; output:\n${output}`).toHaveLength(1);
  expect(await tryConnect(port)).toBe('connected');
  return { proc, port, hostPid: hosts[0]!, exited, streamEnded, output: () => output };
}

describe('npm start and signals', () => {
  test('SIGTERM to start.mjs stops the host, which frees the port, and start.mjs exits with its code', async () => {
    const app = await startApp(false);
    app.proc.kill('SIGTERM');
    const end = await app.exited;
    expect(end, app.output()).toEqual({ code: 0, signal: null });
    expect(alive(app.hostPid)).toBe(false);
    expect(await tryConnect(app.port)).toBe('ECONNREFUSED');
    expect(app.output()).toContain('SIGTERM: stopping');
  }, 60_000);

  test('SIGHUP, which the host does not catch, is passed on and start.mjs ends by the same signal', async () => {
    const app = await startApp(false);
    app.proc.kill('SIGHUP');
    const end = await app.exited;
    expect(end, app.output()).toEqual({ code: null, signal: 'SIGHUP' });
    expect(alive(app.hostPid)).toBe(false);
    expect(await tryConnect(app.port)).toBe('ECONNREFUSED');
  }, 60_000);

  test('SIGINT is passed on as well', async () => {
    const app = await startApp(false);
    app.proc.kill('SIGINT');
    expect(await app.exited, app.output()).toEqual({ code: 0, signal: null });
    expect(alive(app.hostPid)).toBe(false);
    expect(app.output()).toContain('SIGINT: stopping');
  }, 60_000);

  test('when the shell npm runs it through is ended, start.mjs stops the host instead of leaving it orphaned', async () => {
    const app = await startApp(true);
    const script = childrenOf(app.proc.pid!)[0]!;
    app.proc.kill('SIGTERM');
    expect((await app.exited).signal).toBe('SIGTERM');
    // The shell passes nothing on; its stdout pipe ends once start.mjs and the host, which share it, are gone.
    let bound: NodeJS.Timeout | undefined;
    const orphaned = new Promise<string>((resolve) => { bound = setTimeout(() => resolve('still running'), ORPHAN_BOUND_MS); });
    const outcome = await Promise.race([app.streamEnded.then(() => 'ended'), orphaned]);
    clearTimeout(bound);
    expect(outcome, `the host (pid ${app.hostPid}) still runs ${ORPHAN_BOUND_MS} ms after the shell ended: orphaned, holding port ${app.port}`).toBe('ended');
    expect(alive(app.hostPid)).toBe(false);
    expect(alive(script)).toBe(false);
    expect(await tryConnect(app.port)).toBe('ECONNREFUSED');
  }, 60_000);
});
