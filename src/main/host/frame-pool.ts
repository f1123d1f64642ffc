// Reusable buffers for published frames. A subscriber may hold a frame's bytes after publish()
// returns (a socket write completes later), so each copy is reference-counted and goes back to
// the pool only when the last holder releases it. Scenes rarely change their entity count, so
// buffers are sized exactly and reused while the size holds: no allocation in steady state,
// and every frame is a whole buffer (a MessagePort clone copies no slack).

/** One published frame's bytes, shared by every subscriber until all release it. */
export class PooledFrame {
  /** The frame's bytes: exactly one whole ArrayBuffer. Do not write. */
  readonly bytes: Uint8Array;
  /** Frame number from the header. */
  frameNumber = 0;
  private refs = 0;

  /** Wraps a buffer owned by `pool`. */
  constructor(private readonly pool: FramePool, byteLength: number) {
    this.bytes = new Uint8Array(byteLength);
  }

  /** Number of holders. */
  get holders(): number {
    return this.refs;
  }

  /** Adds a holder; pair every retain() with one release(). */
  retain(): void {
    this.refs++;
  }

  /** Drops a holder; the last one returns the buffer to the pool. Extra releases are ignored. */
  release(): void {
    if (this.refs <= 0) return;
    if (--this.refs === 0) this.pool.recycle(this);
  }
}

/** A small free list of frame buffers (default: keeps at most 8 idle ones). */
export class FramePool {
  private readonly free: PooledFrame[] = [];
  private made = 0;

  /** Creates a pool keeping at most `maxIdle` unused buffers (default 8). */
  constructor(private readonly maxIdle = 8) {}

  /** Buffers created so far (a steady scene stops increasing it). */
  get allocations(): number {
    return this.made;
  }

  /** Copies `bytes` into a pooled frame held once by the caller. */
  acquire(bytes: Uint8Array, frameNumber: number): PooledFrame {
    let frame: PooledFrame | undefined;
    while (this.free.length > 0) {
      const f = this.free.pop()!;
      if (f.bytes.byteLength === bytes.byteLength) {
        frame = f;
        break;
      }
      // A different size means the scene changed; buffers of the old size are not coming back into use.
    }
    if (frame === undefined) {
      frame = new PooledFrame(this, bytes.byteLength);
      this.made++;
    }
    frame.bytes.set(bytes);
    frame.frameNumber = frameNumber;
    frame.retain();
    return frame;
  }

  /** Takes back a frame nobody holds (called by PooledFrame.release). */
  recycle(frame: PooledFrame): void {
    if (this.free.length < this.maxIdle) this.free.push(frame);
  }
}
