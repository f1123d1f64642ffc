// The desktop app's preload bridge (window.ecsHost) and the IPC channel names behind it.
// Imported by the preload, so it must stay free of imports: a sandboxed preload can only load 'electron'.

/** What appInfo() resolves to. */
export interface AppInfo {
  /** Application title (the World's doc name). */
  title: string;
  /** Base URL of the REST interface, e.g. "http://127.0.0.1:27750". */
  restUrl: string;
  /** URL of the explorer page, e.g. "http://127.0.0.1:27750/explorer/". */
  explorerUrl: string;
}

/** A REST reply answered in-process by the main process. */
export interface HostReply {
  /** HTTP status code. */
  status: number;
  /** The JSON text of the reply. */
  body: string;
}

/** The API the preload exposes as `window.ecsHost` in the desktop app (absent in a browser). */
export interface HostBridge {
  /** Title and URLs of the running app. */
  appInfo(): Promise<AppInfo>;
  /** Opens (or focuses) the explorer window, showing the entity at `path` ("Sun.Earth") when given. */
  openExplorer(path?: string): void;
  /** Answers a REST request through the same router as HTTP (`url` is the request target, e.g. "/entity/Sun"). */
  request(method: string, url: string): Promise<HostReply>;
}

/** IPC channel names shared by the preload and the main process. */
export const HOST_CHANNELS = {
  /** invoke → AppInfo. */ appInfo: 'app-info',
  /** send(path?: string). */ openExplorer: 'open-explorer',
  /** invoke(method, url) → HostReply. */ request: 'rest-request',
  /** main → preload: carries the MessagePort of the frame stream in event.ports[0]. */ framesPort: 'frames-port',
  /** preload → main: the page is ready for a frame port (sent on DOMContentLoaded, again after a reload). */ framesReady: 'frames-ready',
} as const;

/** The window.postMessage data with which the preload hands the frame MessagePort to the page. */
export const FRAMES_PORT_MESSAGE = 'ecs-frames';

/** HTTP methods the bridge's request() accepts. */
export const BRIDGE_METHODS: readonly string[] = ['GET', 'PUT', 'HEAD', 'OPTIONS'];
