// JSON text of one component value, written straight from its leaf columns. A schema is compiled
// once into a template (fixed text between leaves, one formatter per leaf); writing a row is then a
// loop of array reads and concatenations, with no intermediate objects.
import type { LeafArray, LeafKind, Schema, TypeNode, World } from '../ecs';
import { unreachable } from '../unreachable';
import { formatF32, formatF64, formatInt } from './number';
import { fixedAscii, isAscii, type AsciiWriter, type FixedAscii } from './ascii-writer';
import { WORLD_NAMES, type DialectNames } from './dialect-names';

/** Formats one stored leaf value as JSON text (entities by their path in the names of the reply's dialect). */
type LeafFormatter = (v: number | string, world: World, names: DialectNames) => string;
/**
 * Writes the numeric leaf value at `row` of its array as JSON text into an AsciiWriter. It reads
 * the value itself: a fractional number passed to a function V8 does not inline is boxed first.
 */
type LeafByteWriter = (w: AsciiWriter, a: LeafArray, row: number) => void;

/** A compiled schema: `parts[0] leaf0 parts[1] leaf1 … parts[n]`. */
export interface ValueTemplate {
  /** Fixed text around the leaves (length = leaves + 1). */
  readonly parts: readonly string[];
  /** Formatter of each leaf, by leaf index. */
  readonly formats: readonly LeafFormatter[];
  /** True when every leaf is a number (so a row's text depends only on its numbers: cacheable). */
  readonly numeric: boolean;
  /**
   * Byte writers of the leaves, when every leaf is a number and all the text is ASCII (then a
   * row can be written by writeValueBytes); null otherwise.
   */
  readonly bytes: { readonly parts: readonly FixedAscii[]; readonly writers: readonly LeafByteWriter[] } | null;
}

const toBool: LeafFormatter = (v) => (v ? 'true' : 'false');
const toText: LeafFormatter = (v) => JSON.stringify(typeof v === 'string' ? v : String(v));
const toF32: LeafFormatter = (v) => formatF32(v as number);
const toF64: LeafFormatter = (v) => formatF64(v as number);
const toInt: LeafFormatter = (v) => formatInt(v as number);
// An entity member shows the entity's path (what a user can read and send back), 0 for none.
const toEntity: LeafFormatter = (v, world, names) => (v !== 0 && world.isAlive(v as number) ? names.pathText(world, v as number) : formatInt(v as number));

const bytesF32: LeafByteWriter = (w, a, row) => { w.f32At(a as Float32Array, row); };
const bytesInt: LeafByteWriter = (w, a, row) => { w.int(a[row] as number); };
const bytesBool: LeafByteWriter = (w, a, row) => { w.ascii(a[row] ? 'true' : 'false'); };
const bytesF64: LeafByteWriter = (w, a, row) => { w.ascii(formatF64(a[row] as number)); };

/** The byte writer of a numeric leaf, or null when its text may not be ASCII. */
function byteWriterOf(kind: LeafKind, constants: readonly string[] | undefined): LeafByteWriter | null {
  switch (kind) {
    case 'f32': return bytesF32;
    case 'f64': return bytesF64;
    case 'bool': return bytesBool;
    case 'string': case 'entity': return null;
    case 'enum': {
      const quoted = constants!.map((c) => JSON.stringify(c));
      return quoted.every(isAscii) ? (w, a, row) => { w.ascii(quoted[a[row] as number] ?? 'null'); } : null;
    }
    case 'i8': case 'i16': case 'i32': case 'i64': case 'u8': case 'u16': case 'u32': case 'u64': return bytesInt;
    default: return unreachable(kind, 'leaf kind');
  }
}

function formatterOf(kind: LeafKind, constants: readonly string[] | undefined): LeafFormatter {
  switch (kind) {
    case 'f32': return toF32;
    case 'f64': return toF64;
    case 'bool': return toBool;
    case 'string': return toText;
    case 'entity': return toEntity;
    case 'enum': {
      const quoted = constants!.map((c) => JSON.stringify(c));
      return (v) => quoted[v as number] ?? 'null';
    }
    case 'i8': case 'i16': case 'i32': case 'i64': case 'u8': case 'u16': case 'u32': case 'u64': return toInt;
    default: return unreachable(kind, 'leaf kind');
  }
}

function collect(node: TypeNode, parts: string[], pending: string[]): void {
  switch (node.kind) {
    case 'struct':
      pending.push('{');
      node.members.forEach((m, i) => {
        pending.push(`${i ? ',' : ''}${JSON.stringify(m.name)}:`);
        collect(m.type, parts, pending);
      });
      pending.push('}');
      return;
    case 'array':
      pending.push('[');
      for (let i = 0; i < node.count; i++) {
        if (i) pending.push(',');
        collect(node.elem, parts, pending);
      }
      pending.push(']');
      return;
    case 'primitive': case 'enum':
      // A leaf: close the fixed text before it.
      parts.push(pending.join(''));
      pending.length = 0;
      return;
    default: unreachable(node, 'type node');
  }
}

const templates = new WeakMap<Schema, ValueTemplate>();

/** The compiled template of a schema (cached). */
export function templateOf(schema: Schema): ValueTemplate {
  let t = templates.get(schema);
  if (t) return t;
  const parts: string[] = [];
  const pending: string[] = [];
  collect(schema.root, parts, pending);
  parts.push(pending.join(''));
  const formats = schema.leaves.map((l) => formatterOf(l.kind, l.constants));
  const numeric = schema.leaves.every((l) => l.kind !== 'string' && l.kind !== 'entity');
  const writers = schema.leaves.map((l) => byteWriterOf(l.kind, l.constants));
  const bytes = numeric && parts.every(isAscii) && writers.every((w) => w !== null)
    ? { parts: parts.map(fixedAscii), writers: writers as LeafByteWriter[] }
    : null;
  t = { parts, formats, numeric, bytes };
  templates.set(schema, t);
  return t;
}

/** JSON text of the value stored at `row` of the leaf arrays of a reflected column (entity members in the names of `names`). */
export function writeValue(t: ValueTemplate, arrays: readonly LeafArray[], row: number, world: World, names: DialectNames = WORLD_NAMES): string {
  const parts = t.parts, formats = t.formats;
  let out = parts[0]!;
  for (let i = 0; i < formats.length; i++) out += formats[i]!(arrays[i]![row]!, world, names) + parts[i + 1]!;
  return out;
}

/** Writes the value at `row` into `w`, as writeValue would print it (the template must have `bytes`). */
export function writeValueBytes(t: ValueTemplate, arrays: readonly LeafArray[], row: number, w: AsciiWriter): void {
  const { parts, writers } = t.bytes!;
  w.fixed(parts[0]!);
  for (let i = 0; i < writers.length; i++) {
    writers[i]!(w, arrays[i]!, row);
    w.fixed(parts[i + 1]!);
  }
}
