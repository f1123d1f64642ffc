// Electron entry: hands the real Electron API to the desktop app's wiring (src/main/desktop),
// which runs the Host in the main process, opens the viewport window and, from the View menu,
// the explorer. Renderers are sandboxed with context isolation and a strict CSP.
import * as electron from 'electron';
import { join } from 'node:path';
import { startDesktopApp } from './desktop/index';
import { watchLauncher } from './launcher';

startDesktopApp(electron, process.argv, {
  rendererDir: join(import.meta.dirname, '..', 'renderer'),
  preload: join(import.meta.dirname, '..', 'preload', 'index.cjs'),
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => electron.app.quit());
watchLauncher(() => electron.app.quit());
