// The frame pool's contracts as the viewport relies on them: a frame's bytes are a whole buffer of
// exactly the frame's size, a buffer is reused only once every holder (the hub, each socket write
// still under way) released it, extra releases change nothing, and a steady scene allocates nothing.
import { describe, expect, test } from 'vitest';
import { FramePool } from '../../../../src/main/host/frame-pool';

/** `n` bytes counting up from `start` (distinct contents per frame). */
function bytes(n: number, start: number): Uint8Array {
  return Uint8Array.from({ length: n }, (_, i) => (start + i) & 0xff);
}

describe('FramePool', () => {
  test('acquire copies the bytes into a whole buffer of exactly their size, held once, with the frame number', () => {
    const pool = new FramePool();
    const src = bytes(40, 7);
    const f = pool.acquire(src, 12);
    expect([...f.bytes]).toEqual([...src]);
    expect(f.bytes.byteOffset).toBe(0);
    expect(f.bytes.buffer.byteLength).toBe(40);
    expect(f.frameNumber).toBe(12);
    expect(f.holders).toBe(1);
    // A copy: the writer may reuse its buffer at once.
    src.fill(0);
    expect(f.bytes[0]).toBe(7);
    expect(pool.allocations).toBe(1);
  });

  test('a frame still held by anyone is never handed out again; released by all, its buffer is reused', () => {
    const pool = new FramePool();
    const a = pool.acquire(bytes(16, 1), 1);
    a.retain(); // a socket write under way
    expect(a.holders).toBe(2);
    a.release(); // the hub moved on
    expect(a.holders).toBe(1);
    const b = pool.acquire(bytes(16, 2), 2);
    expect(b).not.toBe(a);
    expect(b.bytes.buffer).not.toBe(a.bytes.buffer);
    // The write still in flight sees its own frame's bytes, not the next frame's.
    expect([...a.bytes]).toEqual([...bytes(16, 1)]);
    expect(a.frameNumber).toBe(1);
    a.release(); // the write completed
    expect(a.holders).toBe(0);
    const c = pool.acquire(bytes(16, 3), 3);
    expect(c).toBe(a);
    expect([...c.bytes]).toEqual([...bytes(16, 3)]);
    expect(c.frameNumber).toBe(3);
    expect(c.holders).toBe(1);
    expect(pool.allocations).toBe(2);
  });

  test('extra releases are ignored: a buffer goes back once, so two live frames never share it', () => {
    const pool = new FramePool();
    const a = pool.acquire(bytes(8, 1), 1);
    a.release();
    a.release();
    a.release();
    expect(a.holders).toBe(0);
    const b = pool.acquire(bytes(8, 2), 2);
    const c = pool.acquire(bytes(8, 3), 3);
    expect(b).not.toBe(c);
    expect([...b.bytes]).toEqual([...bytes(8, 2)]);
    expect(b.holders).toBe(1);
    // One of them is the reused buffer, the other a new one.
    expect(pool.allocations).toBe(2);
  });

  test('a steady scene allocates nothing after its first frames', () => {
    const pool = new FramePool();
    let held = pool.acquire(bytes(32, 0), 0);
    for (let k = 1; k <= 100; k++) {
      const next = pool.acquire(bytes(32, k), k);
      held.release();
      held = next;
    }
    expect(pool.allocations).toBe(2);
    expect(held.frameNumber).toBe(100);
  });

  test('a new size gets a new buffer, and idle buffers of the old size are let go', () => {
    const pool = new FramePool();
    const small = [pool.acquire(bytes(8, 1), 1), pool.acquire(bytes(8, 2), 2)];
    for (const f of small) f.release();
    const big = pool.acquire(bytes(12, 3), 3);
    expect(big.bytes.byteLength).toBe(12);
    expect(small).not.toContain(big);
    expect(pool.allocations).toBe(3);
    big.release();
    // The 12-byte one came back and is reused.
    expect(pool.acquire(bytes(12, 4), 4)).toBe(big);
    expect(pool.allocations).toBe(3);
    // The small ones were dropped while looking for a 12-byte buffer: none is reused now.
    const again = pool.acquire(bytes(8, 5), 5);
    expect(small).not.toContain(again);
    expect(pool.allocations).toBe(4);
  });

  test('keeps at most maxIdle idle buffers (default 8)', () => {
    for (const [pool, idle] of [[new FramePool(3), 3], [new FramePool(), 8]] as const) {
      const frames = Array.from({ length: 10 }, (_, k) => pool.acquire(bytes(4, k), k));
      for (const f of frames) f.release();
      expect(pool.allocations).toBe(10);
      const reused = Array.from({ length: 10 }, (_, k) => pool.acquire(bytes(4, k), k));
      // Only `idle` came back; the rest are new.
      expect(reused.filter((f) => frames.includes(f))).toHaveLength(idle);
      expect(pool.allocations).toBe(10 + 10 - idle);
    }
  });
});
