// The part of Electron's main-process API the desktop app uses, as a narrow interface: the entry
// passes the real `electron` module, tests pass a stand-in, so the wiring runs under plain Node.
// Names and shapes are Electron's own; only what is called is listed.
import type { FramePortLike } from '../host/index';

/** webPreferences of a window (Electron's names). */
export interface WebPreferences {
  contextIsolation: boolean;
  sandbox: boolean;
  nodeIntegration: boolean;
  webSecurity: boolean;
  preload: string;
}

/** Options of a new window (Electron's BrowserWindowConstructorOptions, the fields we set). */
export interface WindowOptions {
  width: number;
  height: number;
  title: string;
  backgroundColor: string;
  webPreferences: WebPreferences;
}

/** What a preventable event offers (page-title-updated, before-quit). */
export interface PreventableEvent {
  preventDefault(): void;
}

/** The web contents of a window, as IPC senders; `Port` is the transferable end of a MessageChannelMain. */
export interface ContentsLike<Port> {
  postMessage(channel: string, message: unknown, transfer: Port[]): void;
}

/** A window (Electron's BrowserWindow, the members we use). */
export interface WindowLike {
  loadFile(file: string, options?: { search?: string }): Promise<void>;
  focus(): void;
  on(event: 'closed', listener: () => void): void;
  on(event: 'page-title-updated', listener: (e: PreventableEvent) => void): void;
}

/** An IPC event: who sent it. */
export interface IpcEventLike<Port> {
  sender: ContentsLike<Port>;
}

/** A menu item template (Electron's MenuItemConstructorOptions, the fields we set). */
export interface MenuItemTemplate {
  label?: string;
  role?: 'fileMenu' | 'reload' | 'toggleDevTools' | 'togglefullscreen';
  type?: 'separator';
  accelerator?: string;
  click?: () => void;
  submenu?: MenuItemTemplate[];
}

/** The response headers hook of a session. */
export interface HeadersDetails {
  responseHeaders?: Record<string, string | string[]>;
}

/** The Electron modules the desktop app uses (`Port`: Electron's MessagePortMain, or a test's stand-in). */
export interface DesktopApi<Port = unknown> {
  app: {
    isPackaged: boolean;
    getName(): string;
    whenReady(): Promise<unknown>;
    on(event: 'window-all-closed', listener: () => void): unknown;
    on(event: 'before-quit', listener: (e: PreventableEvent) => void): unknown;
    quit(): void;
    exit(code?: number): void;
  };
  BrowserWindow: new (options: WindowOptions) => WindowLike;
  Menu: {
    buildFromTemplate(template: MenuItemTemplate[]): unknown;
    setApplicationMenu(menu: unknown): void;
  };
  MessageChannelMain: new () => { port1: FramePortLike; port2: Port };
  dialog: { showErrorBox(title: string, content: string): void };
  ipcMain: {
    handle(channel: string, listener: (event: IpcEventLike<Port>, ...args: unknown[]) => unknown): void;
    on(channel: string, listener: (event: IpcEventLike<Port>, ...args: unknown[]) => void): unknown;
  };
  session: {
    defaultSession: {
      webRequest: {
        onHeadersReceived(listener: (details: HeadersDetails, callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void) => void): void;
      };
    };
  };
  shell: { openExternal(url: string): Promise<void> };
}
