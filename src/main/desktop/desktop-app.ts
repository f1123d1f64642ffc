// The desktop app's wiring: the Host (world, loop, REST server) in the main process, the viewport
// window titled with the app title, the View menu that opens (or focuses) the explorer window,
// the IPC handlers behind the preload bridge, the CSP header, and quitting. It takes the Electron
// API as a parameter (src/main/index.ts passes the real module), so tests run it under Node.
import { join } from 'node:path';
import { HOST_CHANNELS, checkBridgeRequest, type AppInfo, type HostReply } from '../../shared/protocol/bridge';
import { parseHostOptions, type HostOptions } from '../cli';
import { PAGE_CSP } from '../http';
import { Host, attachFramePort, type HostUrls } from '../host/index';
import type { ContentsLike, DesktopApi, MenuItemTemplate, WebPreferences, WindowLike } from './desktop-api';

/** Where the built pages and the preload script are. */
export interface DesktopPaths {
  /** Folder of the built pages (out/renderer). */
  rendererDir: string;
  /** The preload script (out/preload/index.cjs). */
  preload: string;
}

/** The running desktop app, for the entry and for tests. */
export interface DesktopApp {
  readonly options: HostOptions;
  readonly host: Host;
  /** Resolves once the host serves and the viewport is open, or after a failed start was reported. */
  readonly ready: Promise<void>;
  /** The REST, viewport and explorer URLs once serving. */
  urls(): HostUrls | undefined;
  /** The open windows. */
  windows(): { viewport: WindowLike | undefined; explorer: WindowLike | undefined };
}

/** Answers a bridge request through the host's router; bad arguments get a 400 with the reason, never reach the router. */
export function answerBridgeRequest(host: Host, method: unknown, url: unknown): HostReply {
  const checked = checkBridgeRequest(method, url);
  if (!checked.ok) return { status: 400, body: JSON.stringify({ error: checked.error }) };
  const reply = host.answer({ method: checked.method, url: checked.url });
  // The bridge carries JSON text. A file (GET /history/export) is sent later and as bytes: say
  // where to get it rather than hand back an empty 202.
  if (reply.pending !== undefined || reply.bytes !== undefined) {
    return { status: 501, body: JSON.stringify({ error: `${checked.method} ${checked.url.split('?')[0]} sends a file, which the desktop bridge does not carry: request it over HTTP from the REST URL` }) };
  }
  return { status: reply.status, body: reply.body };
}

/** Starts the desktop app with `electron` (the real module or a stand-in) and the command line `argv`. */
export function startDesktopApp<Port>(electron: DesktopApi<Port>, argv: readonly string[], paths: DesktopPaths): DesktopApp {
  const { app, BrowserWindow, Menu, MessageChannelMain, dialog, ipcMain, session, shell } = electron;
  // A packaged app's argv is [binary, …options]; in development it is [electron, '.', …options].
  // parseHostOptions reads node's shape, [node, script, …options].
  const userArgs = argv.slice(app.isPackaged ? 1 : 2);
  const options = parseHostOptions([argv[0] ?? 'electron', app.getName(), ...userArgs], { title: app.getName() });
  const host = new Host(options, paths.rendererDir);
  const webPreferences: WebPreferences = { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, preload: paths.preload };
  let urls: HostUrls | undefined;
  let viewport: WindowLike | undefined;
  let explorer: WindowLike | undefined;

  const page = (name: string) => join(paths.rendererDir, name, 'index.html');

  function openViewport(): void {
    const w = new BrowserWindow({ width: 1280, height: 800, title: options.title, backgroundColor: '#05070d', webPreferences });
    // The page's <title> must not replace the app title.
    w.on('page-title-updated', (e) => e.preventDefault());
    void w.loadFile(page('viewport'));
    w.on('closed', () => { viewport = undefined; });
    viewport = w;
  }

  function openExplorer(path?: string): void {
    const search = path ? `entity=${encodeURIComponent(path)}` : '';
    if (explorer) {
      if (search) void explorer.loadFile(page('explorer'), { search });
      explorer.focus();
      return;
    }
    const w = new BrowserWindow({ width: 1400, height: 900, title: `${options.title} — Explorer`, backgroundColor: '#0b0e14', webPreferences });
    void w.loadFile(page('explorer'), search ? { search } : {});
    w.on('closed', () => { explorer = undefined; });
    explorer = w;
  }

  /** Hands a fresh frame port to a page (on load, and again after every reload). */
  function sendFramesPort(contents: ContentsLike<Port>): void {
    const { port1, port2 } = new MessageChannelMain();
    attachFramePort(host.frames, port1);
    contents.postMessage(HOST_CHANNELS.framesPort, null, [port2]);
  }

  function installIpc(): void {
    ipcMain.handle(HOST_CHANNELS.appInfo, (): AppInfo => ({ title: options.title, restUrl: urls?.rest ?? '', explorerUrl: urls?.explorer ?? '' }));
    ipcMain.handle(HOST_CHANNELS.request, (_e, method, url): HostReply => answerBridgeRequest(host, method, url));
    // A path that is not a short string is ignored: the explorer opens on its start page.
    ipcMain.on(HOST_CHANNELS.openExplorer, (_e, path) => openExplorer(typeof path === 'string' && path.length <= 4096 ? path : undefined));
    ipcMain.on(HOST_CHANNELS.framesReady, (e) => sendFramesPort(e.sender));
  }

  function installMenu(): void {
    const template: MenuItemTemplate[] = [
      { role: 'fileMenu' },
      { label: 'View', submenu: [
        { label: 'Explorer', accelerator: 'CmdOrCtrl+E', click: () => openExplorer() },
        { label: 'Explorer in browser', click: () => { if (urls) void shell.openExternal(urls.explorer); } },
        { type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' }, { role: 'togglefullscreen' },
      ] },
    ];
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  const ready = app.whenReady().then(async () => {
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
      await host.stop();
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
    // Quit only once the host has stopped, so the port is free when the process is gone.
    e.preventDefault();
    void host.stop().finally(() => app.exit(0));
  });

  return { options, host, ready, urls: () => urls, windows: () => ({ viewport, explorer }) };
}
