// The editable fields of a component value, from its reflection data (`type_info`): one field per
// leaf member, typed (float, int, bool, text, enum, entity) and with its unit symbol.

/** How a leaf member is edited. */
export type FieldKind = 'float' | 'int' | 'bool' | 'text' | 'enum' | 'entity' | 'other';

/** A member path: names, and indices for array elements. */
export type MemberPath = (string | number)[];

/** One editable leaf member. */
export interface FieldSpec {
  path: MemberPath;
  /** "x", "pos.x", "path[2]". */
  label: string;
  kind: FieldKind;
  /** Unit symbol ("s", "kg"). */
  symbol?: string;
  /** Unit path ("ecs.units.Duration.Seconds"). */
  unit?: string;
  /** Constants of an enum. */
  options?: string[];
}

const KINDS: Record<string, FieldKind> = {
  float: 'float', int: 'int', uint: 'int', bool: 'bool', text: 'text', string: 'text', enum: 'enum', entity: 'entity',
};

function labelOf(path: MemberPath): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${p}` : p;
  return s;
}

function inferKind(v: unknown): FieldKind {
  if (typeof v === 'number') return 'float';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'text';
  return 'other';
}

/** The value at a member path, or undefined. */
export function valueAt(value: unknown, path: MemberPath): unknown {
  let v = value;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

function walk(info: unknown, value: unknown, path: MemberPath, out: FieldSpec[]): void {
  if (Array.isArray(info)) {
    const head = info[0];
    if (head === 'array' || head === 'vector') {
      const n = Array.isArray(value) ? value.length : typeof info[2] === 'number' ? info[2] : 0;
      for (let i = 0; i < n; i++) walk(info[1], Array.isArray(value) ? value[i] : undefined, [...path, i], out);
      return;
    }
    const spec: FieldSpec = { path, label: labelOf(path), kind: KINDS[String(head)] ?? 'other' };
    if (spec.kind === 'enum') spec.options = info.slice(1).filter((x): x is string => typeof x === 'string');
    const unit = info.find((x): x is { unit?: unknown; symbol?: unknown } => typeof x === 'object' && x !== null);
    if (unit) {
      if (typeof unit.symbol === 'string') spec.symbol = unit.symbol;
      if (typeof unit.unit === 'string') spec.unit = unit.unit;
    }
    out.push(spec);
    return;
  }
  if (typeof info === 'object' && info !== null) {
    for (const [k, sub] of Object.entries(info)) walk(sub, valueAt(value, [k]), [...path, k], out);
    return;
  }
  // No reflection data: go by the value itself.
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) walk(undefined, v, [...path, k], out);
    return;
  }
  if (path.length) out.push({ path, label: labelOf(path), kind: inferKind(value) });
}

/** The leaf fields of a component, from its type info (or, without one, its value). */
export function fieldsOf(typeInfo: unknown, value: unknown): FieldSpec[] {
  const out: FieldSpec[] = [];
  const info = typeInfo === 0 ? undefined : typeInfo;
  if (info === undefined && (typeof value !== 'object' || value === null)) return out;
  walk(info, value, [], out);
  return out;
}
