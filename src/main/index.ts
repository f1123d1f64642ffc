// Electron entry: runs the host (world, loop, REST server) and opens the viewport window.
import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { parseHostOptions } from './cli';

const options = parseHostOptions(process.argv.slice(app.isPackaged ? 0 : 1), { title: app.getName() });

app.whenReady().then(() => {
  const win = new BrowserWindow({
    title: options.title,
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, preload: join(__dirname, '../preload/index.cjs') },
  });
  void win.loadFile(join(__dirname, '../renderer/viewport/index.html'));
});
