// Fans each published frame out to every viewport connection without ever waiting for one:
// subscribers decide per frame whether to take it or drop it (their backpressure policy).
import { readFrameHeader, type MetaMessage } from '../../shared/protocol/index';
import { FramePool, type PooledFrame } from './frame-pool';

/** A connection that receives frames (a WebSocket, a MessagePort). */
export interface FrameSubscriber {
  /** Offers a frame; returns false when this subscriber skipped it. Must not block. retain() the frame to keep its bytes past the call. */
  offerFrame(frame: PooledFrame): boolean;
  /** Delivers the JSON text of a meta message (never skipped; may be coalesced with a later one). */
  sendMeta(text: string): void;
  /** Ends the connection (hub shutdown). */
  close(): void;
}

/** Counters of a hub since it was made. */
export interface FrameHubStats {
  /** Frames published. */ published: number;
  /** Frame deliveries (one frame to one subscriber). */ delivered: number;
  /** Frames skipped by a subscriber (slow receiver) or failed to send. */ dropped: number;
  /** Subscribers now connected. */ subscribers: number;
}

/** Receives frames and meta messages from the host and delivers them to subscribers. */
export class FrameHub {
  private readonly subs = new Set<FrameSubscriber>();
  private readonly pool = new FramePool();
  private latest: PooledFrame | undefined;
  private metaText: string | undefined;
  private meta: MetaMessage | undefined;
  private counts = { published: 0, delivered: 0, dropped: 0 };
  private closed = false;

  /** Counters (a fresh object each call). */
  get stats(): FrameHubStats {
    return { ...this.counts, subscribers: this.subs.size };
  }

  /** Subscribers connected now (cheap: check it before packing a frame nobody will see). */
  get subscribers(): number {
    return this.subs.size;
  }

  /** The last meta message published, if any. */
  get latestMeta(): MetaMessage | undefined {
    return this.meta;
  }

  /** Number of the last frame published (NaN before the first). */
  get latestFrameNumber(): number {
    return this.latest?.frameNumber ?? Number.NaN;
  }

  /** Publishes one frame (from FrameWriter.finish()); copies it, so the writer may be reused at once. Throws FrameFormatError for a malformed frame. */
  publish(frame: Uint8Array): void {
    if (this.closed) return;
    const { frameNumber } = readFrameHeader(frame);
    const pooled = this.pool.acquire(frame, frameNumber);
    this.counts.published++;
    for (const sub of this.subs) this.offer(sub, pooled);
    // The hub's own hold keeps the latest frame for subscribers that join later.
    this.latest?.release();
    this.latest = pooled;
  }

  /** Publishes the names of entities: sent to every subscriber now and to each new one first. */
  publishMeta(meta: MetaMessage): void {
    if (this.closed) return;
    this.meta = meta;
    this.metaText = JSON.stringify(meta);
    for (const sub of this.subs) this.sendMeta(sub, this.metaText);
  }

  /** Adds a subscriber: it gets the latest meta, then the latest frame, then every new one. Returns an unsubscribe function. */
  subscribe(sub: FrameSubscriber): () => void {
    if (this.closed) {
      sub.close();
      return () => {};
    }
    this.subs.add(sub);
    if (this.metaText !== undefined) this.sendMeta(sub, this.metaText);
    if (this.latest !== undefined) this.offer(sub, this.latest);
    return () => {
      this.subs.delete(sub);
    };
  }

  /** Closes every subscriber and refuses new ones; publish() becomes a no-op. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const subs = [...this.subs];
    this.subs.clear();
    for (const sub of subs) {
      try {
        sub.close();
      } catch {
        // Closing is best effort: a connection already gone has nothing left to close.
      }
    }
    this.latest?.release();
    this.latest = undefined;
  }

  private offer(sub: FrameSubscriber, frame: PooledFrame): void {
    let sent = false;
    try {
      sent = sub.offerFrame(frame);
    } catch {
      // A failing connection must not stop the others or the simulation; it closes itself.
    }
    if (sent) this.counts.delivered++;
    else this.counts.dropped++;
  }

  private sendMeta(sub: FrameSubscriber, text: string): void {
    try {
      sub.sendMeta(text);
    } catch {
      // As in offer(): a broken subscriber is its own problem.
    }
  }
}
