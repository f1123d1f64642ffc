// History files are gzip streams (node:zlib): `zcat` opens one, and gzip's CRC-32 tells a damaged
// file from a good one. Built once per export (the recording is a few tens of MB at most), read
// once per import, each bounded.
import { gunzipSync, gzipSync } from 'node:zlib';
import { HistoryFileError, type HistoryFileOptions } from '../shared/history';

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

/** Decompresses a history file; a HistoryFileError says what is wrong with bytes that are not a whole gzip stream. */
export function gunzipHistory(bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    throw new HistoryFileError(`not a history file: it is not gzip-compressed (it starts with bytes ${[...bytes.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ') || 'none'}, a history file with 1f 8b)`);
  }
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_HISTORY_FILE_UNPACKED_BYTES });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'Z_BUF_ERROR' || /unexpected end of file/.test(e.message)) throw new HistoryFileError('the history file is truncated: its compressed stream ends early (was the download or upload cut short?)');
    if (e.code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) throw new HistoryFileError(`the history file unpacks to more than ${MAX_HISTORY_FILE_UNPACKED_BYTES} bytes: it is not one this host wrote`);
    throw new HistoryFileError(`the history file is damaged: ${e.message}`);
  }
}

/** The file options of a host's history: gzip, and what its files say of the host. */
export function historyFileOptions(origin: HistoryFileOptions['origin']): HistoryFileOptions {
  return { compress: gzipHistory, decompress: gunzipHistory, origin };
}
