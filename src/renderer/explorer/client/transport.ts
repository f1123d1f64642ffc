// How requests reach the app: over HTTP (remote mode, any origin) or through the desktop app's
// preload bridge (local mode, the same REST router answering in-process). Either way they go to
// the host's contract mount (CONTRACT_MOUNT), which every host serves whatever dialect it speaks
// at its root: the explorer speaks only the contract, and works on a host of any dialect.
import type { HostBridge } from '../../../shared/protocol/bridge';
import { CONTRACT_MOUNT } from '../../../shared/protocol/constants';

/** A reply as it came: status and body text. */
export interface RawReply {
  status: number;
  body: string;
}

/** HTTP methods the explorer sends. */
export type RestMethod = 'GET' | 'PUT' | 'DELETE';

/** Thrown by a transport when no reply arrived (server down, refused, timed out). */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** Sends one REST request. */
export interface Transport {
  /** 'http' (remote) or 'local' (preload bridge). */
  readonly kind: 'http' | 'local';
  /** Where requests go, for the status bar ("http://127.0.0.1:27750" or "desktop app"). */
  readonly label: string;
  /** What a request target is appended to: "http://127.0.0.1:27750/contract" over HTTP, the mount alone locally. */
  readonly base: string;
  /** Sends `method url` (url is the request target, "/entity/Sun"); rejects with NetworkError. */
  request(method: RestMethod, url: string): Promise<RawReply>;
}

/** The fetch function a transport uses (the global fetch unless a test gives one). */
export type FetchFn = (input: string, init: { method: string; cache: 'no-store'; signal?: AbortSignal }) => Promise<{
  status: number;
  text(): Promise<string>;
}>;

/** Default time to wait for a reply before giving up, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** A transport that sends requests to `baseUrl` ("http://host:port") with fetch. */
export function httpTransport(baseUrl: string, fetchFn: FetchFn = globalThis.fetch as unknown as FetchFn, timeoutMs = REQUEST_TIMEOUT_MS): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  const mounted = base + CONTRACT_MOUNT;
  return {
    kind: 'http',
    label: base,
    base: mounted,
    async request(method, url) {
      const signal = typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal ? AbortSignal.timeout(timeoutMs) : undefined;
      let res;
      try {
        res = await fetchFn(mounted + url, { method, cache: 'no-store', signal });
      } catch (err) {
        const why = err instanceof Error && err.name === 'TimeoutError'
          ? `no reply within ${timeoutMs / 1000} s`
          : err instanceof Error ? err.message : String(err);
        throw new NetworkError(`cannot reach ${base} (${why}): is the app running, and is the address right?`);
      }
      try {
        return { status: res.status, body: await res.text() };
      } catch (err) {
        throw new NetworkError(`the connection to ${base} broke while reading the reply to ${url}: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  };
}

/** A transport through the desktop app's `window.ecsHost.request`. */
export function bridgeTransport(bridge: Pick<HostBridge, 'request'>): Transport {
  return {
    kind: 'local',
    label: 'desktop app',
    base: CONTRACT_MOUNT,
    async request(method, url) {
      try {
        const reply = await bridge.request(method, CONTRACT_MOUNT + url);
        return { status: reply.status, body: reply.body };
      } catch (err) {
        throw new NetworkError(`the desktop app did not answer ${method} ${url}: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  };
}
