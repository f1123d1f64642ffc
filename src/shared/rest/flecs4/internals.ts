// The explorer's "internals" pages in Flecs 4 shapes: GET /components (every id in use: its
// tables, entity count, type, memory and traits), GET /queries (named queries and systems with
// their expression and counts), GET /tables (each table's type, count and memory) and
// GET /type_info/<path> (one component's schema).
import { isPair, type Entity, type Id, type World } from '../../ecs';
import { typeInfoText } from '../../json';
import { namedQueries } from '../../query';
import { wireExpr } from './names';
import { entityPath, idKey } from './wire';

const TRAITS = ['Exclusive', 'Final', 'DontInherit', 'Tag', 'Acyclic', 'Traversable', 'Private'] as const;
const NO_HOOKS = { ctor: false, dtor: false, copy: false, move: false, move_ctor: false, copy_ctor: false, on_add: false, on_set: false, on_remove: false, on_replace: false };

/** Traits of an id's relationship or component, as Flecs 4 names them. */
function traitsOf(world: World, e: Entity): string[] {
  const c = world.core;
  const out: string[] = [];
  for (const t of TRAITS) if (world.owns(e, c[t])) out.push(t);
  for (const id of world.typeOf(e)) {
    if (isPair(id) && (world.pairFirst(id) === c.OnDelete || world.pairFirst(id) === c.OnDeleteTarget)) {
      out.push(`(${world.nameOf(world.pairFirst(id))},${world.nameOf(world.pairSecond(id))})`);
    }
  }
  return out;
}

/** GET /components: one entry per id that some table has. */
export function componentsText(world: World): string {
  const byId = new Map<Id, { tables: number[]; count: number }>();
  for (const table of world.tables.values()) {
    for (const id of table.type) {
      let e = byId.get(id);
      if (!e) byId.set(id, (e = { tables: [], count: 0 }));
      e.tables.push(table.id);
      e.count += table.count;
    }
  }
  const out: string[] = [];
  for (const [id, u] of byId) {
    const info = world.dataOf(id);
    const first = isPair(id) ? world.pairFirst(id) : id;
    const entry: Record<string, unknown> = { name: idKey(world, id), tables: u.tables, entity_count: u.count, entity_size: info ? info.size : 0 };
    if (info) entry.type = { size: info.size, alignment: info.alignment, ...NO_HOOKS };
    entry.memory = { component_index: { count: 1 }, storage: info ? info.size * u.count : 0 };
    entry.traits = traitsOf(world, first);
    out.push(JSON.stringify(entry));
  }
  return `[${out.join(',')}]`;
}

/** GET /queries: the named queries and systems. */
export function queriesText(world: World): string {
  return JSON.stringify(namedQueries(world).map((nq) => {
    let results = 0, count = 0;
    nq.query.each((r) => { results++; count += r.table ? r.count : 0; });
    return {
      name: entityPath(world, nq.entity), kind: nq.kind === 'system' ? 'System' : 'Query', batched: true,
      eval_mode: 'Plan', cache_kind: nq.kind === 'system' ? 'All' : 'Auto', eval_time: 0, eval_count: 0,
      results, count, empty_tables: 0, expr: wireExpr(nq.query.expr), plan_size: nq.query.plan.steps.length,
      plan: null, cache_plan: null, memory: { count: 1 },
    };
  }));
}

/** GET /tables: each table with its type (short names, as the reference prints them), count and memory. */
export function tablesText(world: World): string {
  const out: string[] = [];
  for (const table of world.tables.values()) {
    let rowBytes = 0;
    for (const col of table.columns) rowBytes += col.info.size;
    out.push(JSON.stringify({
      id: table.id, type: table.type.map((id) => idKey(world, id)), count: table.count, size: table.capacity,
      memory: { table: { count: table.count }, components: { instances: table.count * table.columns.length, bytes_table_components: rowBytes * table.count, bytes_table_components_unused: rowBytes * (table.capacity - table.count) } },
    }));
  }
  return `[${out.join(',')}]`;
}

/** GET /type_info/<path>: the schema of a component, `0` when it has none. */
export function typeInfoOf(world: World, e: Entity): string {
  return typeInfoText(world, e);
}
