// Frames over a WebSocket, reconnecting with backoff whenever the host goes away.
import { routeFrameMessage } from './frame-inbox';
import type { FrameSinks, FrameSource } from './frame-source';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

/** The frame socket URL for this page: `?ws=host:port` if given, else the page's own host at /frames. */
export function frameSocketUrl(location: Location, override: string | null): string {
  const secure = location.protocol === 'https:';
  const scheme = secure ? 'wss' : 'ws';
  if (override !== null && override !== '') {
    return /^wss?:\/\//.test(override) ? override : `${scheme}://${override}/frames`;
  }
  return `${scheme}://${location.host}/frames`;
}

/** A FrameSource reading `url`; never gives up (backoff 250 ms doubling to 5 s). */
export function webSocketSource(url: string): FrameSource {
  return {
    description: url,
    start(sinks: FrameSinks): void {
      let attempt = 0;
      const connect = (): void => {
        sinks.state(attempt === 0 ? 'connecting' : 'reconnecting');
        let ws: WebSocket;
        try {
          ws = new WebSocket(url);
        } catch {
          // A malformed ?ws= address: keep retrying so a fixed URL would still connect.
          retry();
          return;
        }
        ws.binaryType = 'arraybuffer';
        ws.onopen = () => {
          attempt = 0;
          sinks.state('live');
        };
        ws.onmessage = (e: MessageEvent) => routeFrameMessage(e.data, sinks);
        ws.onclose = () => retry();
      };
      const retry = (): void => {
        attempt++;
        sinks.state('reconnecting');
        const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt - 1, 10));
        // Jitter keeps several open pages from reconnecting in lockstep after a host restart.
        window.setTimeout(connect, delay * (0.8 + Math.random() * 0.4));
      };
      connect();
    },
    drawn(): void {
      // A socket has its own backpressure (the host watches bufferedAmount).
    },
  };
}
