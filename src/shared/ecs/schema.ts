// Reflection: the typed members of a component, flattened into leaf columns.
//
// A component schema is an object of members. Each member is a primitive, an enum, a nested
// struct or a fixed-size array. Storage flattens it into "leaves" (pos.x, pos.y, path[0] …), one
// typed array per numeric leaf, so systems and serializers walk columns, not objects.
import { unreachable } from '../unreachable';
import { EcsError } from './errors';

/** Primitive member types. 64-bit integers are stored as JS-safe numbers. */
export type Primitive = 'f32' | 'f64' | 'i8' | 'i16' | 'i32' | 'i64' | 'u8' | 'u16' | 'u32' | 'u64' | 'bool' | 'string' | 'entity';

/** How a member is written in a schema. */
export type MemberSpec =
  | Primitive
  | { enum: readonly string[]; unit?: undefined; default?: string }
  | { struct: SchemaSpec }
  | { array: MemberSpec; count: number }
  | { type: Primitive; unit?: string; default?: number | boolean | string; range?: ValueRange };

/**
 * Inclusive [min, max] of a numeric member: a write outside it is refused (EcsError
 * 'invalid_value' naming the range and the value), and type_info shows it as the reference does.
 */
export type ValueRange = readonly [min: number, max: number];

/** A component schema: member name -> member type. Order is kept. */
export type SchemaSpec = { readonly [member: string]: MemberSpec };

/** A normalized type node. */
export type TypeNode =
  | { kind: 'primitive'; prim: Primitive; unit?: string; default?: number | boolean | string; range?: ValueRange }
  | { kind: 'enum'; constants: readonly string[]; default: number }
  | { kind: 'struct'; members: readonly MemberNode[] }
  | { kind: 'array'; elem: TypeNode; count: number };

/** A named member of a struct. */
export interface MemberNode { readonly name: string; readonly type: TypeNode }

/** Storage kind of a leaf: which array holds it. */
export type LeafKind = Primitive | 'enum';

/** One flattened scalar of a component value. */
export interface Leaf {
  /** Dotted key, e.g. "x", "pos.x", "path.0". */
  readonly key: string;
  /** Member names / array indices from the root to this leaf. */
  readonly path: readonly (string | number)[];
  readonly kind: LeafKind;
  /** Enum constants (kind 'enum'). */
  readonly constants?: readonly string[];
  /** Unit entity path (e.g. "ecs.units.Duration.Seconds"), if any. */
  readonly unit?: string;
  /** Default value stored for a new component. */
  readonly defaultValue: number | string;
  /** Values a write may give, inclusive (numeric leaves with a declared range). */
  readonly range?: ValueRange;
}

/** A component's reflection: normalized tree, leaves, byte size. */
export interface Schema {
  readonly root: TypeNode & { kind: 'struct' };
  readonly leaves: readonly Leaf[];
  readonly leafByKey: ReadonlyMap<string, number>;
  readonly size: number;
  readonly alignment: number;
}

/** Typed-array constructor per leaf kind; null = plain JS array (strings). */
export function leafArrayType(kind: LeafKind): Float32ArrayConstructor | Float64ArrayConstructor | Int8ArrayConstructor | Int16ArrayConstructor | Int32ArrayConstructor | Uint8ArrayConstructor | Uint16ArrayConstructor | Uint32ArrayConstructor | null {
  switch (kind) {
    case 'f32': return Float32Array;
    case 'f64': case 'i64': case 'u64': case 'entity': return Float64Array;
    case 'i8': return Int8Array;
    case 'i16': return Int16Array;
    case 'i32': case 'enum': return Int32Array;
    case 'u8': case 'bool': return Uint8Array;
    case 'u16': return Uint16Array;
    case 'u32': return Uint32Array;
    case 'string': return null;
    default: return unreachable(kind, 'leaf kind');
  }
}

const PRIMITIVES = new Set<string>(['f32', 'f64', 'i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64', 'bool', 'string', 'entity']);
const PRIM_SIZE: Record<Primitive, number> = { f32: 4, f64: 8, i8: 1, i16: 2, i32: 4, i64: 8, u8: 1, u16: 2, u32: 4, u64: 8, bool: 1, string: 8, entity: 8 };
const MEMBER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NON_NUMERIC = new Set<Primitive>(['bool', 'string', 'entity']);

function normalizeMember(spec: MemberSpec, where: string, depth: number): TypeNode {
  if (depth > 16) throw new EcsError('invalid_argument', `schema is nested too deeply at '${where}'`);
  if (typeof spec === 'string') {
    if (!PRIMITIVES.has(spec)) throw new EcsError('invalid_argument', `unknown member type '${spec}' for '${where}'; expected one of ${[...PRIMITIVES].join(', ')}`);
    return { kind: 'primitive', prim: spec };
  }
  if (spec && typeof spec === 'object') {
    if ('enum' in spec) {
      const constants = [...spec.enum];
      if (constants.length === 0) throw new EcsError('invalid_argument', `enum '${where}' needs at least one constant`);
      const d = spec.default === undefined ? 0 : constants.indexOf(spec.default);
      if (d < 0) throw new EcsError('invalid_argument', `default '${spec.default}' of enum '${where}' is not one of ${constants.join(', ')}`);
      return { kind: 'enum', constants, default: d };
    }
    if ('struct' in spec) return normalizeStruct(spec.struct, where, depth + 1);
    if ('array' in spec) {
      if (!Number.isInteger(spec.count) || spec.count < 1 || spec.count > 1024) throw new EcsError('invalid_argument', `array '${where}' needs a count from 1 to 1024, got ${spec.count}`);
      return { kind: 'array', elem: normalizeMember(spec.array, `${where}[]`, depth + 1), count: spec.count };
    }
    if ('type' in spec) {
      const node = normalizeMember(spec.type, where, depth) as TypeNode & { kind: 'primitive' };
      return { ...node, unit: spec.unit, default: spec.default, range: checkRange(spec, where) };
    }
  }
  throw new EcsError('invalid_argument', `member '${where}' has an invalid type description`);
}

function checkRange(spec: { type: Primitive; default?: number | boolean | string; range?: ValueRange }, where: string): ValueRange | undefined {
  const r = spec.range;
  if (r === undefined) return undefined;
  if (NON_NUMERIC.has(spec.type)) throw new EcsError('invalid_argument', `member '${where}' is ${spec.type}: only numeric members take a range`);
  if (!Array.isArray(r) || r.length !== 2 || !r.every(Number.isFinite) || r[0] > r[1]) {
    throw new EcsError('invalid_argument', `range of '${where}' must be [min, max] with finite min <= max, got ${JSON.stringify(r)}`);
  }
  const d = typeof spec.default === 'number' ? spec.default : 0;
  if (d < r[0] || d > r[1]) throw new EcsError('invalid_argument', `default ${d} of '${where}' is outside its range ${r[0]} to ${r[1]}`);
  return [r[0], r[1]];
}

function normalizeStruct(spec: SchemaSpec, where: string, depth: number): TypeNode & { kind: 'struct' } {
  if (!spec || typeof spec !== 'object') throw new EcsError('invalid_argument', `struct '${where}' must be an object of members`);
  const members: MemberNode[] = [];
  for (const name of Object.keys(spec)) {
    if (!MEMBER_NAME.test(name)) throw new EcsError('invalid_argument', `member name '${name}' in '${where}' must be an identifier`);
    members.push({ name, type: normalizeMember(spec[name]!, where ? `${where}.${name}` : name, depth) });
  }
  if (members.length === 0) throw new EcsError('invalid_argument', `struct '${where || 'component'}' has no members; register a tag instead`);
  return { kind: 'struct', members };
}

function collectLeaves(node: TypeNode, path: (string | number)[], out: Leaf[]): void {
  switch (node.kind) {
    case 'primitive': {
      const d = node.default ?? (node.prim === 'string' ? '' : node.prim === 'bool' ? 0 : 0);
      out.push({ key: path.join('.'), path: [...path], kind: node.prim, unit: node.unit, defaultValue: typeof d === 'boolean' ? (d ? 1 : 0) : d, range: node.range });
      return;
    }
    case 'enum':
      out.push({ key: path.join('.'), path: [...path], kind: 'enum', constants: node.constants, defaultValue: node.default });
      return;
    case 'struct':
      for (const m of node.members) collectLeaves(m.type, [...path, m.name], out);
      return;
    case 'array':
      for (let i = 0; i < node.count; i++) collectLeaves(node.elem, [...path, i], out);
      return;
    default: unreachable(node, 'type node');
  }
}

function sizeOf(node: TypeNode): { size: number; alignment: number } {
  switch (node.kind) {
    case 'primitive': return { size: PRIM_SIZE[node.prim], alignment: PRIM_SIZE[node.prim] };
    case 'enum': return { size: 4, alignment: 4 };
    case 'array': { const e = sizeOf(node.elem); return { size: e.size * node.count, alignment: e.alignment }; }
    case 'struct': {
      let size = 0, alignment = 1;
      for (const m of node.members) {
        const s = sizeOf(m.type);
        size = Math.ceil(size / s.alignment) * s.alignment + s.size;
        alignment = Math.max(alignment, s.alignment);
      }
      return { size: Math.ceil(size / alignment) * alignment, alignment };
    }
    default: return unreachable(node, 'type node');
  }
}

/** Validates and normalizes a schema description. Throws EcsError('invalid_argument'). */
export function makeSchema(spec: SchemaSpec): Schema {
  const root = normalizeStruct(spec, '', 0);
  const leaves: Leaf[] = [];
  collectLeaves(root, [], leaves);
  const leafByKey = new Map<string, number>();
  leaves.forEach((l, i) => leafByKey.set(l.key, i));
  const { size, alignment } = sizeOf(root);
  return { root, leaves, leafByKey, size, alignment };
}
