// The shape of a JSON reply, for comparing replies of two different worlds: which keys appear
// where, how they nest and what type each value has — not the values. A shape is a map from a
// path (`results[].fields.is_set[]`) to the value types seen there (`boolean`, `number|string`).
// Objects whose keys are data (component names, variable names, pair relationships) are folded
// into `{}`, and positions that hold component values (whose layout is the world's own) are
// `data`, so that two worlds with different components still have the same shape.

/** Path -> the sorted set of JSON types seen there. */
export type Shape = Map<string, Set<string>>;

/** How the keys of an object at a path are read. */
interface Reading {
  /** Keys of these objects are data: their values fold into `{}`. */
  readonly maps: RegExp;
  /** Values at these paths are component data: typed `data`, not descended into. */
  readonly data: RegExp;
  /** Objects keyed by component whose built-in (`flecs.*`) entries are compared key by key (the same entity on both sides). */
  readonly builtinKeys?: RegExp;
}

/** The reading of the Flecs 4 replies (entity, query, internals and statistics). */
export const FLECS4_READING: Reading = {
  // components and type_info of an entity (and of its inherited bases), pairs, vars, inherited
  maps: /(^|\.)(components|type_info|pairs|vars|inherited)$/,
  // component values: an entity's (per component), a query field's, a field_info schema
  data: /(^|\.)(components\{\}|type_info\{\}|fields\.values\[\]|field_info\[\]\.schema)$/,
  builtinKeys: /^(components|type_info)$/,
};

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function add(shape: Shape, path: string, type: string): void {
  let s = shape.get(path);
  if (!s) shape.set(path, (s = new Set()));
  s.add(type);
}

const isBuiltin = (key: string) => /^\(?flecs\./.test(key);

function walk(v: unknown, path: string, shape: Shape, r: Reading, builtins: boolean): void {
  if (r.data.test(path)) { add(shape, path, 'data'); return; }
  add(shape, path, typeOf(v));
  const at = (key: string) => (path === '' ? key : `${path}.${key}`);
  if (Array.isArray(v)) {
    for (const x of v) walk(x, `${path}[]`, shape, r, builtins);
  } else if (v !== null && typeof v === 'object') {
    const isMap = r.maps.test(path);
    for (const [k, x] of Object.entries(v)) {
      // The same entity on both sides: its built-in components are compared key by key.
      if (isMap && builtins && r.builtinKeys?.test(path) && isBuiltin(k)) walk(x, at(`[${k}]`), shape, { ...r, data: /$^/ }, builtins);
      else walk(x, isMap ? `${path}{}` : at(k), shape, r, builtins);
    }
  }
}

/** The shape of a reply. `builtins`: compare built-in (`flecs.*`) components key by key (same entity on both sides). */
export function shapeOf(v: unknown, reading: Reading = FLECS4_READING, builtins = false): Shape {
  const shape: Shape = new Map();
  walk(v, '', shape, reading, builtins);
  return shape;
}

const types = (s: Set<string>) => [...s].sort().join('|');
const shown = (path: string) => `\`${path === '' ? '(reply)' : path}\``;

/** `inner` lies inside `outer` (a key, element or entry below it). */
function below(inner: string, outer: string): boolean {
  return inner.length > outer.length && inner.startsWith(outer) && (outer === '' || '.[{'.includes(inner[outer.length]!));
}

/** The paths of `a` that `b` lacks, without those below another such path (one line per missing subtree). */
function lacking(a: Shape, b: Shape): string[] {
  const paths = [...a.keys()].filter((p) => !b.has(p));
  return paths.filter((p) => !paths.some((q) => below(p, q)));
}

/** The differences between our shape and the reference's, one line each, sorted. */
export function shapeDifferences(ours: Shape, reference: Shape): string[] {
  const out: string[] = [];
  for (const path of lacking(reference, ours)) out.push(`${shown(path)} missing (${types(reference.get(path)!)})`);
  for (const path of lacking(ours, reference)) out.push(`${shown(path)} extra (${types(ours.get(path)!)})`);
  for (const [path, ref] of reference) {
    const o = ours.get(path);
    if (o && types(o) !== types(ref)) out.push(`${shown(path)} ours ${types(o)}, reference ${types(ref)}`);
  }
  return out.sort();
}
