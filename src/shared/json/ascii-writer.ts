// A growable byte buffer for JSON text made only of ASCII characters: numbers are written as
// digits straight into it and the whole run becomes one string at the end. Printing a page of
// moving values this way makes no string per number and no concatenation (measured on 100 rows of
// three f32 members that changed since the last request: 64 µs against 141 µs with strings).
import { formatF32, formatInt, shortestF32Digits, type F32Digits } from './number';

/** Node's Buffer, when there is one: toString('latin1') makes a string from bytes with one copy. */
interface LatinText {
  toString(encoding: 'latin1', start: number, end: number): string;
}
const NodeBuffer = (globalThis as unknown as { Buffer?: { allocUnsafeSlow(size: number): Uint8Array } }).Buffer;
/** Elsewhere (the browser) a TextDecoder: ASCII decodes the same as latin1. */
interface Decoder { decode(bytes: Uint8Array): string }
const WebDecoder = (globalThis as unknown as { TextDecoder?: new (label: string) => Decoder }).TextDecoder;
let decoder: Decoder | undefined;

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/** Number of decimal digits of a non-negative integer below 10^15. */
function digitCount(m: number): number {
  let n = 1;
  while (n < 15 && m >= POW10[n]!) n++;
  return n;
}

/** Writes ASCII JSON text into bytes; `text()` gives it back as a string. */
export class AsciiWriter {
  private bytes: Uint8Array;
  /** Bytes written since the last reset. */
  pos = 0;
  private readonly digits: F32Digits = { m: 0, x: 0 };

  constructor(capacity = 16384) {
    this.bytes = AsciiWriter.alloc(capacity);
  }

  private static alloc(size: number): Uint8Array {
    return NodeBuffer ? NodeBuffer.allocUnsafeSlow(size) : new Uint8Array(size);
  }

  /** Starts over (the buffer is kept). */
  reset(): void {
    this.pos = 0;
  }

  /** Makes room for n more bytes. */
  private room(n: number): Uint8Array {
    if (this.pos + n <= this.bytes.length) return this.bytes;
    const next = AsciiWriter.alloc(Math.max(this.bytes.length * 2, this.pos + n));
    next.set(this.bytes.subarray(0, this.pos));
    this.bytes = next;
    return next;
  }

  /** One character code (ASCII). */
  char(c: number): void {
    this.room(1)[this.pos++] = c;
  }

  /** An ASCII string, as is. */
  ascii(s: string): void {
    const b = this.room(s.length);
    let p = this.pos;
    for (let i = 0; i < s.length; i++) b[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /** Pre-encoded ASCII bytes. */
  raw(src: Uint8Array): void {
    const b = this.room(src.length);
    let p = this.pos;
    for (let i = 0; i < src.length; i++) b[p++] = src[i]!;
    this.pos = p;
  }

  /** A non-negative integer below 10^15, as digits. */
  private digitsOf(m: number, b: Uint8Array): void {
    let i = this.pos + digitCount(m);
    this.pos = i;
    if (m < 2147483648) {
      do { const q = (m / 10) | 0; b[--i] = 48 + m - q * 10; m = q; } while (m > 0);
    } else {
      do { const q = Math.floor(m / 10); b[--i] = 48 + m - q * 10; m = q; } while (m > 0);
    }
  }

  /** An integer member: plain digits (formatInt's text). */
  int(v: number): void {
    const b = this.room(24);
    if (v === Math.floor(v) && v > -1e15 && v < 1e15) {
      if (v < 0) { b[this.pos++] = 45; v = -v; }
      this.digitsOf(v, b);
      return;
    }
    this.ascii(formatInt(v));
  }

  /** A 32-bit float member: the same text as formatF32, written as bytes. */
  f32(v: number): void {
    if (v !== v || v === Infinity || v === -Infinity) { this.ascii('null'); return; }
    const abs = v < 0 ? -v : v;
    if (abs < 16777216 && Math.floor(abs) === abs) { this.int(v); return; }
    const d = this.digits;
    if (!shortestF32Digits(abs, d)) { this.ascii(formatF32(v)); return; }
    const b = this.room(24);
    let m = d.m;
    const x = d.x;
    if (v < 0) b[this.pos++] = 45;
    if (x >= 0) {
      // Whole: the digits, then x zeros.
      this.digitsOf(m, b);
      for (let k = 0; k < x; k++) b[this.pos++] = 48;
      return;
    }
    // m·10^x with x < 0, from the right: -x fraction digits (zeros once m's digits run out), the
    // point, then the whole part's digits or a single 0. m < 10^9: int32 arithmetic.
    const fraction = -x, n = digitCount(m);
    let i = this.pos + (n > fraction ? n + 1 : fraction + 2);
    this.pos = i;
    for (let k = 0; k < fraction; k++) { const q = (m / 10) | 0; b[--i] = 48 + m - q * 10; m = q; }
    b[--i] = 46;
    if (m === 0) b[i - 1] = 48;
    else do { const q = (m / 10) | 0; b[--i] = 48 + m - q * 10; m = q; } while (m > 0);
  }

  /** The bytes from `start` to `end` (default: all written so far), as a string. */
  text(start = 0, end = this.pos): string {
    if (NodeBuffer) return (this.bytes as unknown as LatinText).toString('latin1', start, end);
    decoder ??= new WebDecoder!('latin1');
    return decoder.decode(this.bytes.subarray(start, end));
  }
}

/** True when a string is all ASCII (so AsciiWriter may carry it). */
export function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}
