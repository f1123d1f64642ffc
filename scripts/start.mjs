#!/usr/bin/env node
// `npm start`: build if the sources changed, then launch the Electron app. Where no Electron
// binary can be had (none installed and the download fails), say so in one line and run the
// plain-Node host instead. SIGINT, SIGTERM and SIGHUP are passed on to the child, and this process
// ends with the child's exit code or signal, so no host is left holding the port. package.json runs
// it with `exec`, so it is npm's own child: npm passes SIGINT and SIGTERM to its child, and a
// `sh -c` left in between (dash) would hold a SIGINT until its own child ended, i.e. never.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants as osConstants } from 'node:os';
import { join } from 'node:path';
import { clearInterval, setInterval } from 'node:timers';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const stamp = join(root, 'out/main/ecs-live.js');
  const sources = Math.max(newestMtime(join(root, 'src')), statSync(join(root, 'electron.vite.config.ts')).mtimeMs);
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= sources) return;
  console.log('building (electron-vite build)…');
  const r = spawnSync(join(root, 'node_modules/.bin/electron-vite'), ['build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) { console.error('build failed'); process.exit(r.status ?? 1); }
}

function electronBinary() {
  try { return require('electron'); } catch { /* not installed */ }
  // Install on demand with Electron's own installer (the npm install skipped it on purpose).
  const installer = join(root, 'node_modules/electron/install.js');
  if (!existsSync(installer)) return null;
  spawnSync(process.execPath, [installer], { cwd: root, stdio: 'ignore', timeout: 180_000 });
  try {
    const resolved = require.resolve('electron');
    delete require.cache[resolved];
    return require('electron');
  } catch { return null; }
}

/** Signals that stop the app: passed on to the child, which decides how to stop; this process ends as it ends. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** How often, in ms, to check that the process that started this one is still there. */
const PARENT_CHECK_MS = 200;

function launch(cmd, cmdArgs) {
  // The IPC channel is the host's lifeline: if this process goes without passing a signal on (SIGKILL),
  // the channel closes and the host stops (src/main/launcher.ts).
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  const forward = (signal) => { if (child.exitCode === null && child.signalCode === null) child.kill(signal); };
  for (const s of STOP_SIGNALS) process.on(s, forward);
  // Losing the parent (npm killed with SIGKILL, or ended by a signal it does not pass on, SIGHUP)
  // re-parents this process while the host keeps the port: it therefore stops the child as a
  // SIGTERM would, within PARENT_CHECK_MS plus the host's stop.
  const parent = process.ppid;
  const watch = setInterval(() => { if (process.ppid !== parent) forward('SIGTERM'); }, PARENT_CHECK_MS);
  watch.unref();
  child.on('error', (err) => { console.error(`could not start ${cmd}: ${err.message}`); process.exit(1); });
  child.on('exit', (code, signal) => {
    clearInterval(watch);
    if (signal === null) process.exit(code ?? 1);
    // End by the child's signal, so whoever waits on this process sees how the app ended.
    for (const s of STOP_SIGNALS) process.off(s, forward);
    process.exitCode = 128 + (osConstants.signals[signal] ?? 0);
    process.kill(process.pid, signal);
  });
}

buildIfNeeded();
const wantsHelp = args.includes('--help') || args.includes('-h');
const headless = args.includes('--headless');
const electron = wantsHelp || headless ? null : electronBinary();
if (electron) {
  launch(electron, ['.', ...args]);
} else {
  if (!wantsHelp && !headless) console.log('Electron binary not available (not installed and the download failed): running the plain-Node host instead.');
  launch(process.execPath, [join(root, 'out/main/ecs-live.js'), ...args]);
}
