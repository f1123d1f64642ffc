// The history file (GET /history/export, PUT /history/import, --replay), before compression:
// a magic string, the format version, then records — a header, the keyframes with the blobs
// (typed arrays) they refer to, the frame records of each keyframe, and an end record. The layout
// is written out in docs/history.md ("The file format"); a change to it raises HISTORY_FILE_VERSION.
import type { ComponentInfo, WorldImage } from '../ecs';
import { FileValueError, fromTagged, toTagged } from './file-json';
import type { FrameRecord, Segment } from './history-types';

/** The first bytes of every history file (after decompression). */
export const HISTORY_FILE_MAGIC = 'ECS-LIVE-HISTORY';

/** The version of the layout this code writes and reads. */
export const HISTORY_FILE_VERSION = 2;

/** Kinds of records, as their first byte. */
export const RECORD_KIND = { header: 1, blob: 2, keyframe: 3, frames: 4, end: 5 } as const;

/** A component of the recorded world: entity index, id, full name and member layout. */
export type FileComponent = readonly [index: number, id: number, name: string, layout: string];

/** What a history file says about itself and the world it holds. */
export interface HistoryFileHeader {
  /** The recording host's title (the World's doc name). */
  readonly title: string;
  /** The dialect of the recording host's root face ('contract', 'flecs-3.2', 'flecs-4'): the inputs are written in it. */
  readonly dialect: string;
  /** What the host built its world from (its command-line options: seed, asteroids, fps, monitor). */
  readonly world: Readonly<Record<string, string | number | boolean>>;
  /** Frames between keyframes when recorded. */
  readonly keyframeInterval: number;
  /** The first and last frames of the file (the first keyframe's and the last record's). */
  readonly first: number;
  readonly last: number;
  /** Number of keyframes. */
  readonly keyframes: number;
  /** Every component the keyframes hold data of. */
  readonly components: readonly FileComponent[];
}

/** A file that cannot be read: names what is wrong (the world and the recording are left as they were). */
export class HistoryFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HistoryFileError';
  }
}

/** The member layout of a component as the file names it: `key:kind` per member, or 'opaque'. */
export function componentLayout(info: ComponentInfo): string {
  return info.schema ? info.schema.leaves.map((l) => `${l.key}:${l.kind}`).join(',') : 'opaque';
}

// TextEncoder and TextDecoder exist in every runtime this runs in (Node, browsers); src/shared is typed without either's library.
const Text = globalThis as unknown as {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new (label: string, options?: { fatal?: boolean }) => { decode(bytes: Uint8Array): string };
};
const encoder = new Text.TextEncoder();

function record(kind: number, payload: Uint8Array): Uint8Array[] {
  const head = new Uint8Array(5);
  head[0] = kind;
  new DataView(head.buffer).setUint32(1, payload.byteLength, true);
  return [head, payload];
}

function jsonRecord(kind: number, value: unknown): Uint8Array[] {
  return record(kind, encoder.encode(JSON.stringify(value)));
}

/** The header of a recording made of `segments` (oldest first, at least one). */
export function fileHeader(segments: readonly Segment[], origin: Pick<HistoryFileHeader, 'title' | 'dialect' | 'world' | 'keyframeInterval'>): HistoryFileHeader {
  const components = new Map<number, FileComponent>();
  for (const s of segments) for (const [index, info] of s.image.components) components.set(index, [index, info.id, info.name, componentLayout(info)]);
  const last = segments[segments.length - 1]!;
  return {
    ...origin, first: segments[0]!.frame, last: last.frames.length ? last.frames[last.frames.length - 1]!.frame : last.frame,
    keyframes: segments.length, components: [...components.values()].sort((a, b) => a[0] - b[0]),
  };
}

/** The file's bytes before compression, in chunks: magic, version, header, each keyframe and its frames, end. */
export function* encodeHistoryFile(header: HistoryFileHeader, segments: readonly Segment[]): Generator<Uint8Array> {
  const start = new Uint8Array(HISTORY_FILE_MAGIC.length + 4);
  start.set(encoder.encode(HISTORY_FILE_MAGIC));
  new DataView(start.buffer).setUint32(HISTORY_FILE_MAGIC.length, HISTORY_FILE_VERSION, true);
  yield start;
  yield* jsonRecord(RECORD_KIND.header, header);
  let blobCount = 0, frames = 0;
  for (const s of segments) {
    const blobs: Uint8Array[] = [];
    const image = { ...s.image, components: s.image.components.map(([index, info]) => [index, info.id]) };
    const tagged = toTagged(image, blobs, blobCount, `keyframe ${s.frame}`);
    for (const b of blobs) yield* record(RECORD_KIND.blob, b);
    blobCount += blobs.length;
    yield* jsonRecord(RECORD_KIND.keyframe, { frame: s.frame, image: tagged });
    yield* jsonRecord(RECORD_KIND.frames, toTagged(s.frames, [], 0, `frames after ${s.frame}`));
    frames += s.frames.length;
  }
  yield* jsonRecord(RECORD_KIND.end, { keyframes: segments.length, frames });
}

/** What a file holds once read: its header and its keyframes with their frames. */
export interface HistoryFile {
  readonly header: HistoryFileHeader;
  readonly segments: readonly { frame: number; image: WorldImage; frames: FrameRecord[] }[];
}

/** Reads records from decompressed file bytes; every problem is a HistoryFileError naming it. */
class Reader {
  private at = 0;
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get done(): boolean {
    return this.at >= this.bytes.byteLength;
  }

  /** The magic string and the version; refuses a foreign file or another version. */
  start(): void {
    const m = HISTORY_FILE_MAGIC.length;
    const head = new Text.TextDecoder('latin1').decode(this.bytes.subarray(0, m));
    if (head !== HISTORY_FILE_MAGIC) throw new HistoryFileError(`not a history file: it does not start with ${HISTORY_FILE_MAGIC} (it starts with ${JSON.stringify(head.slice(0, 16))})`);
    if (this.bytes.byteLength < m + 4) throw new HistoryFileError(`the history file is truncated: it ends inside its format version (${this.bytes.byteLength} bytes)`);
    const version = this.view.getUint32(m, true);
    if (version !== HISTORY_FILE_VERSION) {
      throw new HistoryFileError(`the history file is format version ${version}; this host reads version ${HISTORY_FILE_VERSION}: open it with a host of the same release as the one that wrote it`);
    }
    this.at = m + 4;
  }

  /** The next record: its kind and payload. */
  next(): { kind: number; payload: Uint8Array; offset: number } {
    const offset = this.at, left = this.bytes.byteLength - offset;
    if (left < 5) throw new HistoryFileError(`the history file is truncated: it ends at byte ${offset} without its end record`);
    const kind = this.bytes[offset]!, length = this.view.getUint32(offset + 1, true);
    if (length > left - 5) throw new HistoryFileError(`the history file is truncated: the record at byte ${offset} needs ${length} bytes, ${left - 5} are left`);
    this.at = offset + 5 + length;
    return { kind, payload: this.bytes.subarray(offset + 5, offset + 5 + length), offset };
  }

  json(payload: Uint8Array, offset: number): unknown {
    try {
      return JSON.parse(new Text.TextDecoder('utf-8', { fatal: true }).decode(payload));
    } catch (err) {
      throw new HistoryFileError(`the history file is damaged: the record at byte ${offset} is not JSON (${(err as Error).message})`);
    }
  }
}

/** Reads only the header (the command line needs it to build the world before reading the rest). */
export function readHistoryFileHeader(bytes: Uint8Array): HistoryFileHeader {
  const r = new Reader(bytes);
  r.start();
  const { kind, payload, offset } = r.next();
  if (kind !== RECORD_KIND.header) throw new HistoryFileError(`the history file is damaged: its first record is of kind ${kind}, not the header (${RECORD_KIND.header})`);
  return checkHeader(r.json(payload, offset));
}

function checkHeader(h: unknown): HistoryFileHeader {
  const o = h as Partial<HistoryFileHeader> | null;
  const ints = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
  if (o === null || typeof o !== 'object' || typeof o.title !== 'string' || typeof o.dialect !== 'string' || typeof o.world !== 'object' || o.world === null
    || !ints(o.first) || !ints(o.last) || !ints(o.keyframes) || !ints(o.keyframeInterval) || !Array.isArray(o.components)
    || !o.components.every((c) => Array.isArray(c) && c.length === 4 && ints(c[0]) && ints(c[1]) && typeof c[2] === 'string' && typeof c[3] === 'string')) {
    throw new HistoryFileError(`the history file is damaged: its header lacks title, dialect, world, first, last, keyframes, keyframeInterval or components (${JSON.stringify(h)?.slice(0, 200)})`);
  }
  return o as HistoryFileHeader;
}

/**
 * Reads a whole file (decompressed). `components` are the reading world's by entity index: the
 * file's must all be among them with the same id, name and layout, and its images take them.
 */
export function decodeHistoryFile(bytes: Uint8Array, components: ReadonlyMap<number, ComponentInfo>): HistoryFile {
  return runSteps(decodeHistoryFileSteps(bytes, components));
}

/** Runs steps (a generator that yields where it may be paused) to their end; returns what they return. */
export function runSteps<T>(steps: Iterator<unknown, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

/** decodeHistoryFile in steps: it yields after each keyframe read, so a host can run frames in between. */
export function* decodeHistoryFileSteps(bytes: Uint8Array, components: ReadonlyMap<number, ComponentInfo>): Generator<void, HistoryFile> {
  const r = new Reader(bytes);
  r.start();
  const first = r.next();
  if (first.kind !== RECORD_KIND.header) throw new HistoryFileError(`the history file is damaged: its first record is of kind ${first.kind}, not the header (${RECORD_KIND.header})`);
  const header = checkHeader(r.json(first.payload, first.offset));
  const unknown = header.components.filter(([index, id, name, layout]) => {
    const own = components.get(index);
    return own === undefined || own.id !== id || own.name !== name || componentLayout(own) !== layout;
  });
  if (unknown.length > 0) {
    const names = unknown.slice(0, 5).map(([index, id, name, layout]) => {
      const own = components.get(index);
      return own === undefined || own.id !== id ? `${name} (id ${id})` : `${name} (${layout} in the file, ${own.name === name ? componentLayout(own) : own.name} here)`;
    });
    throw new HistoryFileError(`the history file's world has ${unknown.length} component${unknown.length === 1 ? '' : 's'} this host does not know: ${names.join(', ')}${unknown.length > 5 ? ', …' : ''}. It was recorded by another build or with other options (${JSON.stringify(header.world)}): open it with --replay, which builds the world the file names`);
  }
  const blobs: Uint8Array[] = [];
  const segments: { frame: number; image: WorldImage; frames: FrameRecord[] }[] = [];
  for (;;) {
    const { kind, payload, offset } = r.next();
    try {
      if (kind === RECORD_KIND.blob) { blobs.push(payload); continue; }
      if (kind === RECORD_KIND.keyframe) {
        const k = r.json(payload, offset) as { frame: number; image: unknown };
        const image = fromTagged(k.image, blobs, `keyframe ${k.frame}`) as WorldImage & { components: [number, number][] };
        const infos = image.components.map(([index]) => [index, components.get(index)!] as const);
        segments.push({ frame: k.frame, image: { ...image, components: infos }, frames: [] });
        yield;
        continue;
      }
      if (kind === RECORD_KIND.frames) {
        const seg = segments[segments.length - 1];
        if (seg === undefined) throw new HistoryFileError(`the history file is damaged: frame records at byte ${offset} come before any keyframe`);
        seg.frames = fromTagged(r.json(payload, offset), [], `frames after ${seg.frame}`) as FrameRecord[];
        continue;
      }
      if (kind === RECORD_KIND.end) break;
      throw new HistoryFileError(`the history file is damaged: the record at byte ${offset} is of unknown kind ${kind}`);
    } catch (err) {
      if (err instanceof FileValueError) throw new HistoryFileError(`the history file is damaged: ${err.message}`);
      throw err;
    }
  }
  checkSegments(header, segments);
  return { header, segments };
}

/** The keyframes and frames must be what the header says, in order, each frame following the one before. */
function checkSegments(header: HistoryFileHeader, segments: HistoryFile['segments']): void {
  const damaged = (why: string) => new HistoryFileError(`the history file is damaged: ${why}`);
  if (segments.length !== header.keyframes || segments.length === 0) throw damaged(`it holds ${segments.length} keyframes, its header says ${header.keyframes}`);
  let expect = segments[0]!.frame;
  if (expect !== header.first) throw damaged(`its first keyframe is frame ${expect}, its header says ${header.first}`);
  for (const s of segments) {
    if (s.frame !== expect) throw damaged(`the keyframe of frame ${s.frame} follows frame ${expect}`);
    if (!Array.isArray(s.frames)) throw damaged(`the frames after keyframe ${s.frame} are not a list`);
    for (const f of s.frames) {
      if (f === null || typeof f !== 'object' || f.frame !== expect + 1 || typeof f.dt !== 'number' || typeof f.simulated !== 'boolean' || !Array.isArray(f.inputs) || (f.after !== undefined && !Array.isArray(f.after))) {
        throw damaged(`the record after frame ${expect} (keyframe ${s.frame}) is ${JSON.stringify(f)?.slice(0, 120)}`);
      }
      expect = f.frame;
    }
  }
  if (expect !== header.last) throw damaged(`its last frame is ${expect}, its header says ${header.last}`);
}
