// The Flecs 4 query reply (GET /query?expr=…): one result per matched entity with `parent`,
// `name`, optionally `id` and `doc`, the query's variables as `vars` and the fields as
// `fields` {is_set, ids, sources, values}. Each of the four field arrays is present when the
// query can make it say something: is_set when some field is optional or negated, ids when some
// id has a variable or wildcard, sources when some field has a source other than $this, values
// when some field carries reflected data (and is not [none] or negated).
import type { Entity, Id, World } from '../../ecs';
import type { FieldInfo, Query, QueryBudget, QueryResult, Slot } from '../../query';
import { docText, entityName, entityPath, idParts, objectText, parentPath, valueText } from './wire';
import { wireFields, type WireField } from './query-fields';
import { Page } from '../../json';

/** What the Flecs 4 query reply shows; names are the REST parameters. */
export interface Flecs4QueryOptions {
  /** Per result `id` (default false). */
  entity_ids?: boolean;
  /** Per result `doc` {label, brief, color, link} (default false). */
  doc?: boolean;
  /** Per result `fields` (default true). */
  fields?: boolean;
  /** Component values in `fields` (default true). */
  values?: boolean;
  /** Entities to skip (default 0). */
  offset: number;
  /** Most entities to return. */
  limit: number;
}

const isVarSlot = (s: Slot | null): boolean => s !== null && (s.kind === 'var' || s.kind === 'wildcard' || s.kind === 'any');

function dataIdOf(world: World, f: FieldInfo): Id | undefined {
  if (f.first.kind !== 'const') return undefined;
  if (f.second !== null && f.second.kind === 'const') return world.pair(f.first.e, f.second.e);
  return f.first.e;
}

/** Which field arrays the results carry: decided once per query. */
interface Layout {
  wire: readonly WireField[];
  isSet: boolean;
  ids: boolean;
  sources: boolean;
  values: boolean;
}

function layoutOf(world: World, query: Query, o: Flecs4QueryOptions): Layout {
  const wire = wireFields(query);
  const infos = wire.map((w) => ('eq' in w ? undefined : query.fields[w.field]));
  const real = infos.filter((f): f is FieldInfo => f !== undefined);
  return {
    wire,
    isSet: real.some((f) => f.oper !== 'and'),
    ids: real.some((f) => isVarSlot(f.first) || isVarSlot(f.second)),
    sources: real.some((f) => !(f.src.kind === 'var' && f.src.v === 0)),
    values: o.values !== false && real.some((f) => {
      const id = dataIdOf(world, f);
      return f.oper !== 'not' && f.inout !== 'none' && id !== undefined && world.isValidId(id) && world.dataOf(id)?.schema !== undefined;
    }),
  };
}

function fieldsText(world: World, query: Query, L: Layout, r: QueryResult, self: Entity): string {
  const isSet: boolean[] = [], ids: unknown[] = [], sources: unknown[] = [], values: string[] = [];
  for (const w of L.wire) {
    if ('eq' in w) { isSet.push(true); ids.push(0); sources.push(0); values.push('0'); continue; }
    const f = query.fields[w.field]!;
    const set = r.isSet[w.field] === true;
    const id = r.ids[w.field]!, src = r.sources[w.field]!;
    isSet.push(set);
    ids.push(set && (isVarSlot(f.first) || isVarSlot(f.second)) ? idParts(world, id) : 0);
    const anySrc = f.src.kind === 'any' || f.src.kind === 'wildcard';
    sources.push(!set ? 0 : anySrc ? '*' : src !== 0 && src !== self ? entityPath(world, src) : 0);
    const owner = src !== 0 ? src : self;
    const shown = set && f.oper !== 'not' && f.inout !== 'none' && owner !== 0;
    values.push(shown ? valueText(world, owner, id) ?? '0' : '0');
  }
  const parts: string[] = [];
  if (L.isSet) parts.push(`"is_set":${JSON.stringify(isSet)}`);
  if (L.ids) parts.push(`"ids":${JSON.stringify(ids)}`);
  if (L.sources) parts.push(`"sources":${JSON.stringify(sources)}`);
  if (L.values) parts.push(`"values":[${values.join(',')}]`);
  return `{${parts.join(',')}}`;
}

function varsText(world: World, query: Query, r: QueryResult): string | undefined {
  const names = query.plan.vars;
  if (names.length <= 1) return undefined;
  const entries: [string, string][] = [];
  for (let i = 1; i < names.length; i++) {
    const v = r.vars[i] ?? 0;
    entries.push([names[i]!, JSON.stringify(v === 0 ? '*' : entityPath(world, v))]);
  }
  return objectText(entries);
}

function resultText(world: World, query: Query, L: Layout, o: Flecs4QueryOptions, r: QueryResult, e: Entity): string {
  const out: string[] = [];
  if (e !== 0) {
    const parent = parentPath(world, e);
    if (parent !== undefined) out.push(`"parent":${JSON.stringify(parent)}`);
    out.push(`"name":${JSON.stringify(entityName(world, e))}`);
    if (o.entity_ids) out.push(`"id":${e}`);
    if (o.doc) out.push(`"doc":${docText(world, e)}`);
  }
  const vars = varsText(world, query, r);
  if (vars) out.push(`"vars":${vars}`);
  if (o.fields !== false) out.push(`"fields":${fieldsText(world, query, L, r, e)}`);
  return `{${out.join(',')}}`;
}

/** The `results` array text of a query, paged by entities (offset, limit). */
export function flecs4ResultsText(world: World, query: Query, o: Flecs4QueryOptions, budget?: QueryBudget): string {
  const L = layoutOf(world, query, o);
  const out: string[] = [];
  const page = new Page(o.offset, o.limit);
  query.each((r) => {
    if (r.table === null) {
      // A result without entities is one item of the page.
      if (page.take(1) === 1) out.push(resultText(world, query, L, o, r, 0));
      return !page.full;
    }
    const kept = page.take(r.rows ? r.rows.length : r.count);
    for (let i = page.start; i < page.start + kept; i++) {
      out.push(resultText(world, query, L, o, r, r.table.entities[r.rows ? r.rows[i]! : i]!));
    }
    return !page.full;
  }, {}, budget);
  return `[${out.join(',')}]`;
}
