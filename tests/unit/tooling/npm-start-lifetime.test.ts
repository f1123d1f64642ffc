// The host's life is its launcher's: the real `npm start` (npm → scripts/start.mjs → the plain-Node
// host), stopped every way an IDE, a process manager or a terminal stops it: SIGINT, SIGTERM and
// SIGHUP to the process group or to npm's process alone, SIGKILL to npm, and SIGKILL to start.mjs.
// Each time the host exits and its port is free. Waits on the end of the processes' shared stdout
// pipe (it ends when the last of them is gone); the bound only stops a test that failed. Needs the
// build (`npx electron-vite build`, the first step of `npm test`).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { alive, commandLine, descendants, tryConnect } from '../../support/processes';
import { afterEach, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** How long the host may outlive the signal before the test calls it orphaned (a bound on failure only). */
const ORPHAN_BOUND_MS = 20_000;
const started: ChildProcess[] = [];
const pids = new Set<number>();

afterEach(() => {
  for (const p of started.splice(0)) { try { process.kill(-p.pid!, 'SIGKILL'); } catch { /* gone */ } }
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  pids.clear();
});

/** `npm start -- --headless --port 0` in its own process group; resolves once the host serves. */
async function npmStart() {
  const npm = spawn('npm', ['start', '--', '--headless', '--port', '0'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(npm);
  let output = '';
  npm.stderr!.setEncoding('utf8').on('data', (c: string) => { output += c; });
  const ended = new Promise<void>((resolve) => npm.stdout!.on('end', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    npm.stdout!.setEncoding('utf8').on('data', (c: string) => {
      output += c;
      const m = /REST\s+http:\/\/[^\s]+:(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    npm.once('exit', (code, signal) => reject(new Error(`npm start ended (${code ?? signal}) before serving:\n${output}`)));
  });
  const below = descendants(npm.pid!);
  for (const pid of below) pids.add(pid);
  const host = below.find((pid) => commandLine(pid).includes('out/main/ecs-live.js'));
  const script = below.find((pid) => commandLine(pid).includes('scripts/start.mjs'));
  expect(host, output).toBeDefined();
  expect(script, output).toBeDefined();
  expect(await tryConnect(port)).toBe('connected');
  return { npm, port, host: host!, script: script!, ended, output: () => output };
}

const CASES: { signal: NodeJS.Signals; to: 'group' | 'npm' | 'start.mjs' }[] = [
  { signal: 'SIGINT', to: 'group' }, { signal: 'SIGTERM', to: 'group' }, { signal: 'SIGHUP', to: 'group' },
  { signal: 'SIGINT', to: 'npm' }, { signal: 'SIGTERM', to: 'npm' }, { signal: 'SIGHUP', to: 'npm' }, { signal: 'SIGKILL', to: 'npm' },
  { signal: 'SIGKILL', to: 'start.mjs' },
];

for (const { signal, to } of CASES) {
  test(`${signal} to ${to === 'group' ? 'the process group' : `${to} alone`}: the host exits and frees its port`, async () => {
    const app = await npmStart();
    const target = to === 'group' ? -app.npm.pid! : to === 'npm' ? app.npm.pid! : app.script;
    const sent = Date.now();
    process.kill(target, signal);
    let bound: NodeJS.Timeout | undefined;
    const orphaned = new Promise<string>((resolve) => { bound = setTimeout(() => resolve('still running'), ORPHAN_BOUND_MS); });
    const outcome = await Promise.race([app.ended.then(() => 'ended'), orphaned]);
    clearTimeout(bound);
    expect(outcome, `the host (pid ${app.host}) still runs ${ORPHAN_BOUND_MS} ms after ${signal} to ${to}, holding port ${app.port}:\n${app.output()}`).toBe('ended');
    // The shared pipe ends as the last process closes its end, which a process does early in its
    // exit; it may still be finishing (its memory being released) for a moment after. Gone means
    // gone or a zombie; the bound only stops a test whose process never exits.
    await expect.poll(() => alive(app.host), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => alive(app.script), { timeout: 10_000 }).toBe(false);
    expect(await tryConnect(app.port)).toBe('ECONNREFUSED');
    // For the record (not asserted: no timing in tests), how long the host outlived the signal.
    console.log(`${signal} to ${to}: the host was gone after ${Date.now() - sent} ms`);
  }, 90_000);
}
