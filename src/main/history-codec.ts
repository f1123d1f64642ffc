// History files are gzip streams (node:zlib): `zcat` opens one, and gzip's CRC-32 tells a damaged
// file from a good one. Built once per export (the recording is a few tens of MB at most), read
// once per import, each bounded. Over HTTP both run beside the frame loop: the file's chunks are
// made a slice at a time and deflated by zlib's worker threads, and an upload is inflated there.
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { createGzip, gunzip, gunzipSync, gzipSync } from 'node:zlib';
import { HistoryFileError, type HistoryFileOptions } from '../shared/history';
import { SLICE_MS, nextTurn, runInSlices } from './between-frames';

const gunzipLater = promisify(gunzip);

/** Bytes zlib inflates into at once in gunzipHistoryLater (its default, 16 KiB, makes thousands of pieces of a file). */
const INFLATE_CHUNK_BYTES = 4 * 1024 * 1024;

/** Bytes of file handed to zlib at once by gzipHistoryLater. */
const BATCH_BYTES = 1024 * 1024;

/**
 * Most bytes an imported file may hold once decompressed (1 GiB): well above what a recording may
 * keep (128 MiB by default, GET /history's maxBytes), and a bound on what a small body may unpack to.
 */
export const MAX_HISTORY_FILE_UNPACKED_BYTES = 1024 * 1024 * 1024;

// Level 1: a full window at 3,000 asteroids compresses in a fraction of the time level 6 takes, for a slightly larger file.
const LEVEL = 1;

/** Compresses a history file's chunks. */
export function gzipHistory(chunks: Iterable<Uint8Array>): Uint8Array {
  return gzipSync(Buffer.concat([...chunks]), { level: LEVEL });
}

/**
 * Compresses a history file's chunks as gzipHistory does (the same bytes), without holding the
 * frame loop: chunks are pulled for about a slice, handed to zlib (which deflates them on its
 * worker threads), and the event loop turns before the next slice.
 */
export async function gzipHistoryLater(chunks: Iterable<Uint8Array>): Promise<Uint8Array> {
  const gz = createGzip({ level: LEVEL });
  const out: Buffer[] = [];
  gz.on('data', (b: Buffer) => out.push(b));
  const ended = once(gz, 'end');
  // Records come in many small chunks (a 5-byte head before each payload): zlib gets them in
  // batches, as every write is a trip to its threads.
  let batch: Uint8Array[] = [], batched = 0;
  let end = performance.now() + SLICE_MS;
  for (const chunk of chunks) {
    batch.push(chunk);
    batched += chunk.byteLength;
    if (batched >= BATCH_BYTES) {
      const full = gz.write(Buffer.concat(batch, batched));
      batch = [];
      batched = 0;
      // Waiting for zlib to take what it was given turns the event loop too.
      if (!full) { await once(gz, 'drain'); end = performance.now() + SLICE_MS; continue; }
    }
    if (performance.now() >= end) { await nextTurn(); end = performance.now() + SLICE_MS; }
  }
  gz.end(Buffer.concat(batch, batched));
  await ended;
  return Buffer.concat(out);
}

/** Says what is wrong with bytes that do not start as a gzip stream, or undefined when they do. */
function notGzip(bytes: Uint8Array): HistoryFileError | undefined {
  if (bytes.byteLength >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return undefined;
  return new HistoryFileError(`not a history file: it is not gzip-compressed (it starts with bytes ${[...bytes.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ') || 'none'}, a history file with 1f 8b)`);
}

/** The HistoryFileError of a failed inflate: cut short, too large, or damaged. */
function inflateError(err: unknown): HistoryFileError {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'Z_BUF_ERROR' || /unexpected end of file/.test(e.message)) return new HistoryFileError('the history file is truncated: its compressed stream ends early (was the download or upload cut short?)');
  if (e.code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) return new HistoryFileError(`the history file unpacks to more than ${MAX_HISTORY_FILE_UNPACKED_BYTES} bytes: it is not one this host wrote`);
  return new HistoryFileError(`the history file is damaged: ${e.message}`);
}

/** Decompresses a history file; a HistoryFileError says what is wrong with bytes that are not a whole gzip stream. */
export function gunzipHistory(bytes: Uint8Array): Uint8Array {
  const wrong = notGzip(bytes);
  if (wrong) throw wrong;
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_HISTORY_FILE_UNPACKED_BYTES });
  } catch (err) {
    throw inflateError(err);
  }
}

/** gunzipHistory on zlib's worker threads: the frame loop runs meanwhile; rejects with the same HistoryFileErrors. */
export async function gunzipHistoryLater(bytes: Uint8Array): Promise<Uint8Array> {
  const wrong = notGzip(bytes);
  if (wrong) throw wrong;
  try {
    // Large output chunks: the inflated pieces come back to this thread and are joined here.
    return await gunzipLater(bytes, { maxOutputLength: MAX_HISTORY_FILE_UNPACKED_BYTES, chunkSize: INFLATE_CHUNK_BYTES });
  } catch (err) {
    throw inflateError(err);
  }
}

/** The file options of a host's history: gzip, work between frames, and what its files say of the host. */
export function historyFileOptions(origin: HistoryFileOptions['origin']): HistoryFileOptions {
  return {
    compress: gzipHistory, decompress: gunzipHistory, compressLater: gzipHistoryLater, decompressLater: gunzipHistoryLater,
    runLater: (steps) => runInSlices(steps), origin,
  };
}
