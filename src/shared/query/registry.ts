// Named queries: a query, filter, rule or system is named by its entity. REST `/query?name=`
// and the entity reply's `matches` look them up here.
import { entityIndex, type Entity, type World } from '../ecs';
import { QueryBudget } from './budget';
import { compileQuery, type Query } from './query';

/** What kind of named query an entity is (all are evaluated by the same rules engine). */
export type QueryKind = 'query' | 'filter' | 'rule' | 'system';

/** A registered named query. */
export interface NamedQuery {
  readonly entity: Entity;
  readonly kind: QueryKind;
  readonly query: Query;
}

const registries = new WeakMap<World, Map<number, NamedQuery>>();

function registry(world: World): Map<number, NamedQuery> {
  let r = registries.get(world);
  if (!r) {
    const map = new Map<number, NamedQuery>();
    registries.set(world, map);
    // Deleting the entity (or removing its Query tag) forgets the query.
    world.observe(world.core.Query, 'remove', (e) => { if (map.get(entityIndex(e))?.entity === e) map.delete(entityIndex(e)); });
    r = map;
  }
  return r;
}

/** Options of `defineQuery`. */
export interface DefineQueryOptions {
  /** query (cached), filter (uncached) or rule (with variables); default 'rule'. */
  kind?: Exclude<QueryKind, 'system'>;
  /** Parent scope of the query entity. */
  parent?: Entity;
  /** Doc brief shown by the explorer. */
  brief?: string;
}

/** Creates a named query entity (tagged ecs.core.Query). Throws QueryParseError on a bad expression. */
export function defineQuery(world: World, name: string, expr: string, opts: DefineQueryOptions = {}): Entity {
  const query = compileQuery(world, expr);
  const e = world.entity({ name, parent: opts.parent });
  world.add(e, world.core.Query);
  if (opts.brief) world.setDoc(e, 'brief', opts.brief);
  registerQuery(world, e, opts.kind ?? 'rule', query);
  return e;
}

/** Registers an already compiled query under an entity (systems use this). */
export function registerQuery(world: World, entity: Entity, kind: QueryKind, query: Query): void {
  registry(world).set(entityIndex(entity), { entity, kind, query });
}

/** The named query of an entity, or undefined. */
export function namedQuery(world: World, e: Entity): NamedQuery | undefined {
  const q = registry(world).get(entityIndex(e));
  return q && q.entity === e && world.isAlive(e) ? q : undefined;
}

/** All alive named queries and systems, in creation order. */
export function namedQueries(world: World): NamedQuery[] {
  return [...registry(world).values()].filter((q) => world.isAlive(q.entity));
}

/** The named queries and systems that match an entity (the entity reply's `matches`); all count against one budget. */
export function matchingQueries(world: World, e: Entity, budget: QueryBudget = QueryBudget.unbounded()): Entity[] {
  return namedQueries(world).filter((q) => q.query.matches(e, budget)).map((q) => q.entity);
}
