#!/usr/bin/env node
// `npm start`: build if the sources changed, then launch the Electron app. Where no Electron
// binary can be had (none installed and the download fails), say so in one line and run the
// plain-Node host instead. Signals are forwarded so Ctrl-C / SIGTERM stop every child.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

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

function launch(cmd, cmdArgs) {
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
  const forward = (signal) => () => { if (child.exitCode === null) child.kill(signal); };
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
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
