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
export const BRIDGE_METHODS: readonly string[] = ['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'];

/** Longest request target the bridge passes on (the REST transport's default limit, 64 KiB). */
export const BRIDGE_MAX_URL_LENGTH = 65_536;

/** A bridge request as checked: the method in capitals and the target, or why it is refused. */
export type CheckedBridgeRequest = { ok: true; method: string; url: string } | { ok: false; error: string };

/**
 * Checks the arguments of request(method, url) as they arrive over IPC (any value may): a method
 * of BRIDGE_METHODS and a target starting with '/'. Both the preload and the main process run it,
 * since the main process must not trust what a renderer sends.
 */
export function checkBridgeRequest(method: unknown, url: unknown): CheckedBridgeRequest {
  const m = typeof method === 'string' ? method.toUpperCase() : '';
  if (!BRIDGE_METHODS.includes(m)) {
    return { ok: false, error: `ecsHost.request: method ${JSON.stringify(method) ?? String(method)} is not one of ${BRIDGE_METHODS.join(', ')}` };
  }
  if (typeof url !== 'string' || !url.startsWith('/') || url.length > BRIDGE_MAX_URL_LENGTH) {
    return { ok: false, error: `ecsHost.request: url must be a request target starting with '/' (at most ${BRIDGE_MAX_URL_LENGTH} characters), got ${JSON.stringify(String(url).slice(0, 80))}` };
  }
  return { ok: true, method: m, url };
}
