// One event stream's writer: SSE framing, the stream's headers, gzip when the client accepts it,
// and the back-pressure state the feeds and the reset backstop read.
//
// Why gzip: a slow reader's age is, at best, the time it takes to read one event, and an event of
// a big page of moving values is about the page (49 KB for 500 entities). Compressed with a sync
// flush after every event (so each one reaches the reader whole, at once) it is 19.9 KB at level 1,
// which a reader taking 16 KiB a second reads in two reads instead of four. Browsers' EventSource
// and fetch decode it on their own (they send Accept-Encoding: gzip); clients that do not ask get
// plain text. Level 1: 1.2 ms of CPU per 49 KB event (level 6: 2.2 ms for 17.4 KB).
import type { ServerResponse } from 'node:http';
import { constants, createGzip, type Gzip } from 'node:zlib';
import { WATCH_RECONNECT_MS } from '../../shared/protocol';

/** Where a feed writes its events; one per open stream. */
export interface EventSink {
  /** Writes one event (`event:`, `id:`, `data:` lines); the data may span lines. */
  write(event: string, data: string, id?: string | number): void;
  /** True while the socket has not taken all of the last event: write nothing now, only the latest state later. */
  readonly backedUp: boolean;
  /** Bytes of event text written so far (for measurements). */
  readonly bytesWritten: number;
  /** Ends the stream after what was written (its feed gave up on it: a `fail` event was its last). */
  close?(): void;
}

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'Access-Control-Allow-Origin': '*',
  // Tells nginx-like proxies not to buffer the stream.
  'X-Accel-Buffering': 'no',
} as const;

/** zlib level of compressed streams (see the header comment for the measurement). */
export const STREAM_GZIP_LEVEL = 1;

/** True when an Accept-Encoding header accepts gzip (`gzip` or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/** The writer of one open event stream. */
export class StreamSink implements EventSink {
  bytesWritten = 0;
  lastWrite = 0;
  /** Since when (ms) every write stayed partly unsent after the socket's attempt; undefined while the socket takes whole events. */
  backedUpSince: number | undefined;
  private readonly gzip: Gzip | undefined;
  /** Writes handed to the compressor whose output has not reached the response yet. */
  private compressing = 0;

  constructor(private readonly res: ServerResponse, compress: boolean) {
    if (!compress) return;
    const gzip = (this.gzip = createGzip({ level: STREAM_GZIP_LEVEL, flush: constants.Z_SYNC_FLUSH }));
    gzip.on('data', (chunk: Buffer) => { if (!res.destroyed) res.write(chunk); });
    gzip.on('end', () => { if (!res.destroyed) res.end(); });
    gzip.on('error', () => res.destroy());
    res.once('close', () => gzip.destroy());
  }

  /** True while the stream holds an event the socket has not taken whole (being compressed, or queued by node). */
  get backedUp(): boolean {
    return this.compressing > 0 || this.res.writableLength > 0;
  }

  /** Sends the stream's headers now (the first event may come a frame later). */
  start(): void {
    if (this.res.headersSent) return;
    this.res.writeHead(200, this.gzip ? { ...STREAM_HEADERS, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : STREAM_HEADERS);
    this.res.flushHeaders();
    // How soon an EventSource reconnects after the stream drops (a reset), instead of its own seconds.
    this.raw(`retry: ${WATCH_RECONNECT_MS}\n\n`);
  }

  write(event: string, data: string, id?: string | number): void {
    this.start();
    // The id goes before the data, so a client reading the stream as it comes (fetch) can tell an
    // event is old from its first bytes, before reading the rest.
    let text = `event: ${event}\n`;
    if (id !== undefined) text += `id: ${id}\n`;
    text += data.indexOf('\n') < 0 ? `data: ${data}\n\n` : `${data.split(/\r?\n/).map((l) => `data: ${l}`).join('\n')}\n\n`;
    this.raw(text);
  }

  raw(text: string): void {
    if (this.res.destroyed || this.res.writableEnded) return;
    this.bytesWritten += Buffer.byteLength(text);
    this.lastWrite = Date.now();
    if (this.gzip === undefined) {
      this.res.write(text);
      // node:http sends a chunk on the next tick (it corks the socket); after that the kernel has
      // taken the event whole or the rest waits for the reader to make room.
      process.nextTick(() => this.noteTaken());
      return;
    }
    this.compressing++;
    // The callback comes once the compressed event (flushed) went to the response.
    this.gzip.write(text, () => {
      this.compressing--;
      process.nextTick(() => this.noteTaken());
    });
  }

  /** Ends the stream (after what was written): the feed closed it. */
  close(): void {
    this.end();
  }

  /** Ends the stream (after what was written). */
  end(): void {
    if (this.gzip) this.gzip.end();
    else this.res.end();
  }

  private noteTaken(): void {
    if (!this.backedUp) this.backedUpSince = undefined;
    else this.backedUpSince ??= Date.now();
  }
}
