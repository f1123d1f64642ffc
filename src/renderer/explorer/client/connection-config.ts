// Where the explorer connects, from its own address: `?host=h:p` picks another app,
// `?remote=true` forces HTTP inside the desktop app, otherwise the page's own origin (browser)
// or the preload bridge (desktop app).
import { DEFAULT_PORT } from '../../../shared/protocol/constants';

/** The REST port of the app (the contract's default). */
export { DEFAULT_PORT };

/** Base URL used when the page has no http(s) origin of its own (e.g. loaded from a file). */
export const FALLBACK_BASE_URL = `http://127.0.0.1:${DEFAULT_PORT}`;

/** How to connect. */
export interface ConnectionConfig {
  /** 'http' (remote mode) or 'local' (through window.ecsHost). */
  mode: 'http' | 'local';
  /** Base URL for http mode ("http://127.0.0.1:27750"); '' in local mode. */
  baseUrl: string;
  /** A problem with the address parameters, to show the user (the config still works). */
  warning?: string;
}

/** Base URL for a `host` parameter: "h:p" -> "http://h:p"; a full http(s) URL is kept. */
export function hostBaseUrl(host: string): string | undefined {
  const h = host.trim();
  if (/^https?:\/\/[^\s/?#]+\/?$/i.test(h)) return h.replace(/\/$/, '');
  if (/^[\w.-]+(:\d{1,5})?$/.test(h) || /^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(h)) {
    return `http://${/:\d{1,5}$/.test(h) ? h : `${h}:${DEFAULT_PORT}`}`;
  }
  return undefined;
}

/** Decides the connection from the page's query string, origin and whether the bridge exists. */
export function connectionConfig(search: string, origin: string, hasBridge: boolean): ConnectionConfig {
  const params = new URLSearchParams(search);
  const host = params.get('host');
  const remote = params.get('remote') === 'true';
  const own = /^https?:\/\//.test(origin) ? origin : FALLBACK_BASE_URL;
  if (host !== null && host.trim() !== '') {
    const base = hostBaseUrl(host);
    if (base) return { mode: 'http', baseUrl: base };
    return {
      mode: hasBridge && !remote ? 'local' : 'http',
      baseUrl: hasBridge && !remote ? '' : own,
      warning: `ignored ?host=${host}: write it as host:port, e.g. ?host=127.0.0.1:${DEFAULT_PORT}`,
    };
  }
  if (hasBridge && !remote) return { mode: 'local', baseUrl: '' };
  return { mode: 'http', baseUrl: own };
}
