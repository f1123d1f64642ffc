// Where frames come from: a WebSocket (browser) or the desktop app's MessagePort.
import type { MetaMessage } from '../../shared/protocol/frame';

/** Connection state shown in the overlay. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

/** What a source reports to the page. */
export interface FrameSinks {
  /** A binary frame arrived (not yet decoded). */
  frame(data: ArrayBuffer | Uint8Array): void;
  /** The names of entities arrived or changed. */
  meta(meta: MetaMessage): void;
  /** The connection changed state. */
  state(state: ConnectionState): void;
}

/** A stream of frames and meta messages. */
export interface FrameSource {
  /** Short description for the overlay, e.g. "ws://127.0.0.1:27750/frames". */
  readonly description: string;
  /** Starts receiving; sinks are called from then on. */
  start(sinks: FrameSinks): void;
  /** Tells the host that frame `frameNumber` was drawn (flow control; may be a no-op). */
  drawn(frameNumber: number): void;
}
