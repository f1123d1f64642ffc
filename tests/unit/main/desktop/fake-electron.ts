// A stand-in for the parts of the `electron` module the desktop app uses (DesktopApi): it records
// windows, menus, IPC handlers, dialogs and exits, and lets a test click, invoke and send.
import type { DesktopApi, MenuItemTemplate, WindowOptions } from '../../../../src/main/desktop';
import type { FramePortLike } from '../../../../src/main/host/index';

/** A window the app opened. */
export class FakeWindow {
  readonly loaded: { file: string; options: { search?: string } | undefined }[] = [];
  focused = 0;
  private readonly listeners = new Map<string, ((e: { preventDefault(): void }) => void)[]>();
  constructor(readonly options: WindowOptions) {}
  async loadFile(file: string, options?: { search?: string }): Promise<void> { this.loaded.push({ file, options }); }
  focus(): void { this.focused++; }
  on(event: string, listener: (e: { preventDefault(): void }) => void): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  /** Fires `event`; true when a listener prevented its default. */
  emit(event: string): boolean {
    let prevented = false;
    for (const l of this.listeners.get(event) ?? []) l({ preventDefault: () => { prevented = true; } });
    return prevented;
  }
}

/** The host's end of a frame channel: records what it was sent. */
class FakePort implements FramePortLike {
  readonly sent: unknown[] = [];
  postMessage(message: unknown): void { this.sent.push(message); }
  on(): void {}
  start(): void {}
  close(): void {}
}

/** The stand-in, with what it recorded and ways to drive it. */
export interface FakeElectron extends DesktopApi<{ transferable: number }> {
  readonly windows: FakeWindow[];
  readonly errorBoxes: { title: string; content: string }[];
  readonly channels: { port1: FakePort; port2: { transferable: number } }[];
  /** The exit code once app.exit was called. */
  readonly exitCode: number | undefined;
  /** Resolves with the exit code when app.exit is called. */
  readonly exited: Promise<number>;
  /** The item `label` of the top-level menu `menu` of the application menu. */
  menuItem(menu: string, label: string): MenuItemTemplate;
  /** Calls the ipcMain.handle handler of `channel`, as ipcRenderer.invoke would. */
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  /** Calls the ipcMain.on handler of `channel`, as ipcRenderer.send would (`sender`: the page's web contents). */
  send(channel: string, arg?: unknown, sender?: { postMessage(channel: string, message: unknown, transfer: unknown[]): void }): void;
  /** Runs the session's response-headers hook on these headers; returns the headers it answers with. */
  headersFor(headers: Record<string, string[]>): Record<string, string | string[]> | undefined;
  /** Fires an app event ('window-all-closed'). */
  emitApp(event: string): void;
}

/** A fresh stand-in named "ECS Live", ready at once; in development (`electron .`) unless `packaged`. */
export function fakeElectron(opts: { packaged?: boolean } = {}): FakeElectron {
  const windows: FakeWindow[] = [];
  const errorBoxes: { title: string; content: string }[] = [];
  const channels: { port1: FakePort; port2: { transferable: number } }[] = [];
  const appListeners = new Map<string, ((e: { preventDefault(): void }) => void)[]>();
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const listeners = new Map<string, (event: unknown, ...args: unknown[]) => void>();
  let menu: MenuItemTemplate[] = [];
  let headersHook: ((d: { responseHeaders?: Record<string, string | string[]> }, cb: (r: { responseHeaders?: Record<string, string | string[]> }) => void) => void) | undefined;
  let exitCode: number | undefined;
  let resolveExit!: (code: number) => void;
  const exited = new Promise<number>((r) => { resolveExit = r; });
  const fireApp = (event: string): boolean => {
    let prevented = false;
    for (const l of appListeners.get(event) ?? []) l({ preventDefault: () => { prevented = true; } });
    return prevented;
  };
  const app = {
    isPackaged: opts.packaged ?? false,
    getName: () => 'ECS Live',
    whenReady: () => Promise.resolve(),
    on(event: string, listener: (e: { preventDefault(): void }) => void) {
      appListeners.set(event, [...(appListeners.get(event) ?? []), listener]);
      return app;
    },
    // As Electron: before-quit listeners may prevent the quit; otherwise the app exits 0.
    quit() { if (!fireApp('before-quit')) app.exit(0); },
    exit(code = 0) { if (exitCode === undefined) { exitCode = code; resolveExit(code); } },
  };
  return {
    app,
    BrowserWindow: class extends FakeWindow {
      constructor(options: WindowOptions) { super(options); windows.push(this); }
    },
    Menu: {
      buildFromTemplate: (template: MenuItemTemplate[]) => template,
      setApplicationMenu: (m: unknown) => { menu = m as MenuItemTemplate[]; },
    },
    MessageChannelMain: class {
      readonly port1 = new FakePort();
      readonly port2 = { transferable: channels.length };
      constructor() { channels.push(this); }
    },
    dialog: { showErrorBox: (title: string, content: string) => { errorBoxes.push({ title, content }); } },
    ipcMain: {
      handle: (channel, listener) => { handlers.set(channel, listener as (event: unknown, ...args: unknown[]) => unknown); },
      on: (channel, listener) => { listeners.set(channel, listener as (event: unknown, ...args: unknown[]) => void); },
    },
    session: { defaultSession: { webRequest: { onHeadersReceived: (hook) => { headersHook = hook; } } } },
    shell: { openExternal: async () => {} },
    windows, errorBoxes, channels,
    get exitCode() { return exitCode; },
    exited,
    menuItem(top, label) {
      const item = menu.find((m) => m.label === top)?.submenu?.find((m) => m.label === label);
      if (!item) throw new Error(`no menu item ${top} → ${label} in ${JSON.stringify(menu.map((m) => m.label ?? m.role))}`);
      return item;
    },
    async invoke(channel, ...args) {
      const h = handlers.get(channel);
      if (!h) throw new Error(`no ipcMain.handle for '${channel}'`);
      return h({ sender: undefined }, ...args);
    },
    send(channel, arg, sender) {
      const l = listeners.get(channel);
      if (!l) throw new Error(`no ipcMain.on for '${channel}'`);
      l({ sender }, arg);
    },
    headersFor(headers) {
      if (!headersHook) throw new Error('no onHeadersReceived hook was installed');
      let out: Record<string, string | string[]> | undefined;
      headersHook({ responseHeaders: headers }, (r) => { out = r.responseHeaders; });
      return out;
    },
    emitApp(event) { fireApp(event); },
  };
}
