// Serves the frame stream over an Electron MessagePort (desktop viewport). A port shows no
// buffered amount, so the viewport acknowledges each frame it draws ({ ack: frameNumber })
// and frames are skipped while too many are unacknowledged.
import type { MessagePortMain } from 'electron';
import { isFrameAck } from '../../shared/protocol/index';
import type { FrameHub, FrameSubscriber } from './frame-hub';
import type { PooledFrame } from './frame-pool';

/** What attachFramePort uses of a port; Electron's MessagePortMain has it (tests pass a fake). */
export interface FramePortLike {
  /** Sends a structured-cloneable message. */
  postMessage(message: unknown): void;
  /** Message from the viewport. */
  on(event: 'message', listener: (e: { data: unknown }) => void): unknown;
  /** The other end went away (page reloaded or closed). */
  on(event: 'close', listener: () => void): unknown;
  /** Starts delivering queued messages. */
  start(): void;
  /** Closes the port. */
  close(): void;
}

/** Options of attachFramePort. */
export interface FramePortOptions {
  /** Skip frames while more than this many sent frames are unacknowledged (default 2). */
  maxUnacked?: number;
}

/** A port subscribed to a hub. */
export interface FramePortLink {
  /** Frames sent and not yet acknowledged. */
  readonly unacked: number;
  /** Frames this port skipped because the viewport was behind. */
  readonly dropped: number;
  /** Unsubscribes and closes the port. */
  close(): void;
}

/** Subscribes `port` to `hub`: meta first, then frames, at most maxUnacked + 1 in flight. */
export function attachFramePort(hub: FrameHub, port: MessagePortMain | FramePortLike, options: FramePortOptions = {}): FramePortLink {
  // Assigning here makes the compiler check that MessagePortMain really fits FramePortLike.
  const p: FramePortLike = port;
  const sub = new PortSubscriber(p, options.maxUnacked ?? 2);
  p.on('message', (e) => {
    if (isFrameAck(e.data)) sub.ack(e.data.ack);
  });
  let open = true;
  const unsubscribe = hub.subscribe(sub);
  const close = (): void => {
    if (!open) return;
    open = false;
    unsubscribe();
    p.close();
  };
  p.on('close', close);
  p.start();
  return {
    get unacked(): number {
      return sub.unacked;
    },
    get dropped(): number {
      return sub.dropped;
    },
    close,
  };
}

class PortSubscriber implements FrameSubscriber {
  // Frame numbers sent and not yet acknowledged, oldest first (never longer than maxUnacked + 1).
  private readonly inFlight: number[] = [];
  dropped = 0;

  constructor(private readonly port: FramePortLike, private readonly maxUnacked: number) {}

  get unacked(): number {
    return this.inFlight.length;
  }

  ack(frameNumber: number): void {
    let k = 0;
    while (k < this.inFlight.length && this.inFlight[k]! <= frameNumber) k++;
    if (k > 0) this.inFlight.splice(0, k);
  }

  offerFrame(frame: PooledFrame): boolean {
    if (this.inFlight.length > this.maxUnacked) {
      this.dropped++;
      return false;
    }
    // postMessage clones the bytes at once, so the pooled buffer need not be retained.
    this.port.postMessage(frame.bytes);
    this.inFlight.push(frame.frameNumber);
    return true;
  }

  sendMeta(text: string): void {
    this.port.postMessage(text);
  }

  close(): void {
    this.port.close();
  }
}
