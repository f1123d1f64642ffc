// Electron entry: runs the Host (world, loop, REST server on 27750) in the main process and opens
// the viewport window; a menu item opens the explorer in a second window. Frames reach the
// viewport over a MessagePort; the explorer's local mode answers REST calls through the same
// router over IPC. Renderers are sandboxed with context isolation and a strict CSP.
import { BrowserWindow, Menu, MessageChannelMain, app, dialog, ipcMain, session, shell, type WebContents } from 'electron';
import { join } from 'node:path';
import { HOST_CHANNELS, type AppInfo, type HostReply } from '../shared/protocol/bridge';
import { parseHostOptions } from './cli';
import { PAGE_CSP } from './http';
import { Host, attachFramePort, type HostUrls } from './host/index';

// argv of a packaged app starts with the binary; in development with `electron .` as well.
const options = parseHostOptions(process.argv.slice(app.isPackaged ? 0 : 1), { title: app.getName() });
const rendererDir = join(import.meta.dirname, '..', 'renderer');
const preload = join(import.meta.dirname, '..', 'preload', 'index.cjs');
const host = new Host(options, rendererDir);
let urls: HostUrls | undefined;
let viewport: BrowserWindow | undefined;
let explorer: BrowserWindow | undefined;

const secureWebPreferences = { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, preload } as const;

function openViewport(): void {
  viewport = new BrowserWindow({ width: 1280, height: 800, title: options.title, backgroundColor: '#05070d', webPreferences: secureWebPreferences });
  viewport.on('page-title-updated', (e) => e.preventDefault());
  void viewport.loadFile(join(rendererDir, 'viewport', 'index.html'));
  viewport.on('closed', () => { viewport = undefined; });
}

function openExplorer(path?: string): void {
  const query = path ? `?entity=${encodeURIComponent(path)}` : '';
  if (explorer) {
    if (path) void explorer.loadFile(join(rendererDir, 'explorer', 'index.html'), { search: query.slice(1) });
    explorer.focus();
    return;
  }
  explorer = new BrowserWindow({ width: 1400, height: 900, title: `${options.title} — Explorer`, backgroundColor: '#0b0e14', webPreferences: secureWebPreferences });
  void explorer.loadFile(join(rendererDir, 'explorer', 'index.html'), query ? { search: query.slice(1) } : {});
  explorer.on('closed', () => { explorer = undefined; });
}

/** Hands a fresh frame port to a page (on load, and again after every reload). */
function sendFramesPort(contents: WebContents): void {
  const { port1, port2 } = new MessageChannelMain();
  attachFramePort(host.frames, port1);
  contents.postMessage(HOST_CHANNELS.framesPort, null, [port2]);
}

function installIpc(): void {
  ipcMain.handle(HOST_CHANNELS.appInfo, (): AppInfo => ({ title: options.title, restUrl: urls?.rest ?? '', explorerUrl: urls?.explorer ?? '' }));
  ipcMain.handle(HOST_CHANNELS.request, (_e, method: string, url: string): HostReply => {
    const reply = host.answer({ method: String(method), url: String(url) });
    return { status: reply.status, body: reply.body };
  });
  ipcMain.on(HOST_CHANNELS.openExplorer, (_e, path?: string) => openExplorer(typeof path === 'string' ? path : undefined));
  ipcMain.on(HOST_CHANNELS.framesReady, (e) => sendFramesPort(e.sender));
}

function installMenu(): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate([
    { role: 'fileMenu' },
    { label: 'View', submenu: [
      { label: 'Explorer', accelerator: 'CmdOrCtrl+E', click: () => openExplorer() },
      { label: 'Explorer in browser', click: () => { if (urls) void shell.openExternal(urls.explorer); } },
      { type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' }, { role: 'togglefullscreen' },
    ] },
  ]));
}

app.whenReady().then(async () => {
  // The pages carry a CSP meta tag; the header makes it binding for every response as well.
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [PAGE_CSP] } });
  });
  installIpc();
  installMenu();
  try {
    urls = await host.start();
  } catch (err) {
    dialog.showErrorBox(options.title, (err as Error).message);
    app.exit(1);
    return;
  }
  console.log(`${options.title}: REST at ${urls.rest}, explorer at ${urls.explorer}`);
  if (!options.headless) openViewport();
}).catch((err: unknown) => { console.error(err); app.exit(1); });

app.on('window-all-closed', () => { if (!options.headless) app.quit(); });
let quitting = false;
app.on('before-quit', (e) => {
  if (quitting) return;
  quitting = true;
  e.preventDefault();
  void host.stop().finally(() => app.exit(0));
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
