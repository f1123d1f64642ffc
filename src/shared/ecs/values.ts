// Converting component values between plain objects and leaf columns, with validation.
import { unreachable } from '../unreachable';
import { EcsError } from './errors';
import type { Leaf, LeafKind, Schema, TypeNode } from './schema';

/** One leaf column: a typed array, or a plain array for strings. */
export type LeafArray = Float32Array | Float64Array | Int8Array | Int16Array | Int32Array | Uint8Array | Uint16Array | Uint32Array | string[];

/** Options for turning a user value into stored leaf values. */
export interface WriteOptions {
  /** Accept numeric strings for numbers, "true"/"false" for bools, paths for entities (browser forms). */
  lenient?: boolean;
  /** Resolves an entity member value (id or, when lenient, a path); undefined when it names nothing alive. */
  resolveEntity?: (raw: number | string) => number | undefined;
  /** Refuse infinities and NaN (JSON input has none: a literal such as 1e400 overflows to Infinity). */
  finite?: boolean;
}

/** A validated write: leaf index and the value to store. */
export type LeafWrite = readonly [leaf: number, value: number | string];

const INT_RANGE: Partial<Record<LeafKind, readonly [number, number]>> = {
  i8: [-128, 127], u8: [0, 255], i16: [-32768, 32767], u16: [0, 65535],
  i32: [-(2 ** 31), 2 ** 31 - 1], u32: [0, 2 ** 32 - 1],
  i64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER], u64: [0, Number.MAX_SAFE_INTEGER],
};
const F32_MAX = 3.4028234663852886e38;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function describe(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return String(v);
}

function bad(component: string, leaf: Leaf, raw: unknown, expected: string): EcsError {
  return new EcsError('invalid_value', `${component}.${leaf.key}: expected ${expected}, got ${describe(raw)}`);
}

/** Converts one raw value for a leaf into its stored form, or throws EcsError('invalid_value'). */
export function coerceLeaf(component: string, leaf: Leaf, raw: unknown, opts: WriteOptions): number | string {
  const lenient = opts.lenient === true;
  switch (leaf.kind) {
    case 'string':
      if (typeof raw === 'string') return raw;
      throw bad(component, leaf, raw, 'a string');
    case 'bool':
      if (typeof raw === 'boolean') return raw ? 1 : 0;
      if (lenient && (raw === 'true' || raw === 'false')) return raw === 'true' ? 1 : 0;
      if (lenient && (raw === 0 || raw === 1)) return raw;
      throw bad(component, leaf, raw, 'true or false');
    case 'enum': {
      const constants = leaf.constants!;
      if (typeof raw === 'string') {
        const i = constants.indexOf(raw);
        if (i >= 0) return i;
      } else if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw < constants.length) {
        return raw;
      }
      throw bad(component, leaf, raw, `one of ${constants.join(', ')}`);
    }
    case 'entity': {
      if (raw === 0 || (lenient && (raw === '' || raw === '0'))) return 0;
      if ((typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) || (lenient && typeof raw === 'string')) {
        const e = opts.resolveEntity?.(raw as number | string);
        if (e !== undefined) return e;
        throw bad(component, leaf, raw, 'an alive entity (id or path)');
      }
      throw bad(component, leaf, raw, 'an entity id');
    }
    case 'f32': case 'f64': case 'i8': case 'i16': case 'i32': case 'i64': case 'u8': case 'u16': case 'u32': case 'u64': {
      let n: number;
      if (typeof raw === 'number') n = raw;
      else if (lenient && typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) n = Number(raw);
      else throw bad(component, leaf, raw, `a number (${leaf.kind})`);
      if (opts.finite && !Number.isFinite(n)) throw bad(component, leaf, raw, `a finite number (${leaf.kind}; a literal such as 1e400 is too large even for f64)`);
      const range = INT_RANGE[leaf.kind];
      if (range) {
        if (!Number.isInteger(n)) throw bad(component, leaf, raw, `an integer (${leaf.kind})`);
        if (n < range[0] || n > range[1]) throw bad(component, leaf, raw, `an integer from ${range[0]} to ${range[1]} (${leaf.kind})`);
      } else if (leaf.kind === 'f32' && Number.isFinite(n) && Math.abs(n) > F32_MAX) {
        throw bad(component, leaf, raw, 'a number within the f32 range');
      }
      // Written as "not inside" so that NaN, which compares false with everything, is refused too.
      const r = leaf.range;
      if (r !== undefined && !(n >= r[0] && n <= r[1])) throw bad(component, leaf, raw, `a number from ${r[0]} to ${r[1]}`);
      return n;
    }
    default: return unreachable(leaf.kind, 'leaf kind');
  }
}

function walk(component: string, schema: Schema, node: TypeNode, prefix: string, raw: unknown, opts: WriteOptions, out: LeafWrite[], depth: number): void {
  if (depth > 32) throw new EcsError('invalid_value', `${component}: value is nested too deeply`);
  if (node.kind === 'struct') {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new EcsError('invalid_value', `${component}${prefix ? '.' + prefix : ''}: expected an object of members, got ${describe(raw)}`);
    }
    for (const key of Object.keys(raw)) {
      if (FORBIDDEN_KEYS.has(key)) throw new EcsError('unknown_member', `${component}: '${key}' is not a member name`);
      const value = (raw as Record<string, unknown>)[key];
      // Dotted keys address nested members directly: {"pos.x": 1}.
      const fullKey = prefix ? `${prefix}.${key}` : key;
      const leafIndex = schema.leafByKey.get(fullKey);
      if (leafIndex !== undefined) {
        out.push([leafIndex, coerceLeaf(component, schema.leaves[leafIndex]!, value, opts)]);
        continue;
      }
      const member = node.members.find((m) => m.name === key);
      if (member) { walk(component, schema, member.type, fullKey, value, opts, out, depth + 1); continue; }
      if (key.includes('.') && [...schema.leafByKey.keys()].some((k) => k.startsWith(fullKey + '.'))) {
        // A dotted key naming a nested struct: {"pos": …} written as {"a.pos": {...}}.
        walk(component, schema, subNode(schema.root, fullKey.split('.')), fullKey, value, opts, out, depth + 1);
        continue;
      }
      const names = node.members.map((m) => m.name).join(', ');
      throw new EcsError('unknown_member', `${component} has no member '${fullKey}'; members are: ${names}`);
    }
    return;
  }
  if (node.kind === 'array') {
    if (!Array.isArray(raw)) throw new EcsError('invalid_value', `${component}.${prefix}: expected an array of ${node.count}, got ${describe(raw)}`);
    if (raw.length > node.count) throw new EcsError('invalid_value', `${component}.${prefix}: expected at most ${node.count} elements, got ${raw.length}`);
    raw.forEach((v, i) => walk(component, schema, node.elem, `${prefix}.${i}`, v, opts, out, depth + 1));
    return;
  }
  const leafIndex = schema.leafByKey.get(prefix)!;
  out.push([leafIndex, coerceLeaf(component, schema.leaves[leafIndex]!, raw, opts)]);
}

function subNode(root: TypeNode, path: readonly string[]): TypeNode {
  let node: TypeNode = root;
  for (const part of path) {
    if (node.kind === 'struct') node = node.members.find((m) => m.name === part)!.type;
    else if (node.kind === 'array') node = node.elem;
  }
  return node;
}

/**
 * Validates a (possibly partial, nested or dotted) value against a schema and returns the leaf
 * writes, without touching storage. Throws EcsError naming the culprit.
 */
export function planWrite(component: string, schema: Schema, value: unknown, opts: WriteOptions = {}): LeafWrite[] {
  const out: LeafWrite[] = [];
  walk(component, schema, schema.root, '', value, opts, out, 0);
  return out;
}

/** Reads the value at a row of leaf columns as a plain nested object. */
export function readValue(schema: Schema, arrays: readonly LeafArray[], row: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const leaves = schema.leaves;
  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i]!;
    const stored = arrays[i]![row]!;
    const value = leaf.kind === 'bool' ? stored === 1 : leaf.kind === 'enum' ? leaf.constants![stored as number] : stored;
    let target: Record<string, unknown> | unknown[] = result;
    const path = leaf.path;
    for (let p = 0; p < path.length - 1; p++) {
      const key = path[p]!;
      const nextIsIndex = typeof path[p + 1] === 'number';
      let child = (target as Record<string | number, unknown>)[key];
      if (child === undefined) { child = nextIsIndex ? [] : {}; (target as Record<string | number, unknown>)[key] = child; }
      target = child as Record<string, unknown> | unknown[];
    }
    (target as Record<string | number, unknown>)[path[path.length - 1]!] = value;
  }
  return result;
}
