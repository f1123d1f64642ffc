// The Flecs 4 entity reply (GET /entity/<path>): `parent` and `name` instead of a path, tags as a
// list, pairs as relationship -> target(s), components as an object keyed by id with their values,
// and on request type_info keyed the same way, the numeric id, doc strings, inherited ids per base,
// active alerts and matching queries. Key order follows the reference: type_info, parent, name,
// id, doc, tags, pairs, inherited, components, alerts, matches.
import { isPair, type Entity, type Id, type World } from '../../ecs';
import { forEachIsABase, typeInfoText } from '../../json';
import { matchingQueries, type QueryBudget } from '../../query';
import { docText, entityName, entityPath, idKey, objectText, parentPath, valueText, wireUnits } from './wire';

/** What the Flecs 4 entity reply shows; names are the REST parameters. */
export interface Flecs4EntityOptions {
  /** `id`: the numeric entity id (default false). */
  entity_id?: boolean;
  /** `doc`: label, brief, color and link (default false). */
  doc?: boolean;
  /** Component values; false prints null for each (default true). */
  values?: boolean;
  /** `type_info` keyed as `components` (default false). */
  type_info?: boolean;
  /** `inherited`: the ids each IsA base contributes (default false). */
  inherited?: boolean;
  /** Show the name and parent ids as well (default false). */
  builtin?: boolean;
  /** `matches`: paths of the named queries and systems that match the entity (default false). */
  matches?: boolean;
  /** Budget of the named queries evaluated for `matches` (default: unbounded); QueryBudgetError past it. */
  queryBudget?: QueryBudget;
  /** `alerts`: the entity's active alerts (default false; needs `alertsOf`). */
  alerts?: boolean;
  /** Source of active alerts. */
  alertsOf?: (e: Entity) => readonly unknown[];
  /** Components the reply adds first, computed by the dialect (the World's summary): key -> JSON text. */
  extra?: readonly (readonly [string, string])[];
}

/** The parts of a list of ids: tags, pairs (relationship -> targets) and components (key -> value text). */
interface IdGroups {
  tags: string[];
  pairs: Map<string, string[]>;
  components: [string, string][];
  typeInfo: [string, string][];
}

function group(world: World, owner: Entity, ids: readonly Id[], o: Flecs4EntityOptions): IdGroups {
  const c = world.core;
  const g: IdGroups = { tags: [], pairs: new Map(), components: [], typeInfo: [] };
  for (const id of ids) {
    const first = isPair(id) ? world.pairFirst(id) : id;
    // Name and parent are the reply's own fields.
    if (!o.builtin && (first === c.ChildOf || (first === c.Identifier && isPair(id)))) continue;
    if (world.dataOf(id) === undefined) {
      if (!isPair(id)) { g.tags.push(entityPath(world, id)); continue; }
      const rel = entityPath(world, first);
      let targets = g.pairs.get(rel);
      if (!targets) g.pairs.set(rel, (targets = []));
      targets.push(entityPath(world, world.pairSecond(id)));
      continue;
    }
    const key = idKey(world, id);
    g.components.push([key, o.values === false ? 'null' : valueText(world, owner, id) ?? 'null']);
    if (o.type_info) g.typeInfo.push([key, wireUnits(typeInfoText(world, id))]);
  }
  return g;
}

function pairsText(pairs: Map<string, string[]>): string {
  return objectText([...pairs].map(([rel, t]) => [rel, JSON.stringify(t.length === 1 ? t[0] : t)]));
}

/** `tags`, `pairs` and `components` of a group, where not empty. */
function groupParts(g: IdGroups, out: string[]): void {
  if (g.tags.length) out.push(`"tags":${JSON.stringify(g.tags)}`);
  if (g.pairs.size) out.push(`"pairs":${pairsText(g.pairs)}`);
}

/** The IsA bases of `e` (depth first), each with the ids it contributes that `e` does not own. */
function inheritedText(world: World, e: Entity, o: Flecs4EntityOptions, typeInfo: [string, string][]): string | undefined {
  const IsA = world.core.IsA;
  const seen = new Set<Id>(world.typeOf(e));
  const entries: [string, string][] = [];
  forEachIsABase(world, e, (base) => {
    const own = world.typeOf(base).filter((x) => !seen.has(x) && x !== world.core.Prefab && !(isPair(x) && world.pairFirst(x) === IsA));
    for (const x of own) seen.add(x);
    const g = group(world, base, own, { ...o, builtin: false });
    typeInfo.push(...g.typeInfo);
    const parts: string[] = [];
    groupParts(g, parts);
    if (g.components.length) parts.push(`"components":${objectText(g.components)}`);
    entries.push([entityPath(world, base), `{${parts.join(',')}}`]);
  });
  return entries.length ? objectText(entries) : undefined;
}

/** JSON text of the Flecs 4 entity reply of a live entity. */
export function flecs4EntityText(world: World, e: Entity, o: Flecs4EntityOptions = {}): string {
  const g = group(world, e, world.typeOf(e), o);
  const typeInfo = g.typeInfo;
  const inherited = o.inherited ? inheritedText(world, e, o, typeInfo) : undefined;
  const components = [...(o.extra ?? []), ...g.components];
  const out: string[] = [];
  if (o.type_info) {
    const extraInfo = (o.extra ?? []).map(([k]) => [k, '0'] as [string, string]);
    out.push(`"type_info":${objectText([...extraInfo, ...typeInfo])}`);
  }
  const parent = parentPath(world, e);
  if (parent !== undefined) out.push(`"parent":${JSON.stringify(parent)}`);
  out.push(`"name":${JSON.stringify(entityName(world, e))}`);
  if (o.entity_id) out.push(`"id":${e}`);
  if (o.doc) out.push(`"doc":${docText(world, e)}`);
  groupParts(g, out);
  if (inherited) out.push(`"inherited":${inherited}`);
  if (components.length) out.push(`"components":${objectText(components)}`);
  if (o.alerts && o.alertsOf) out.push(`"alerts":${JSON.stringify(o.alertsOf(e))}`);
  if (o.matches) out.push(`"matches":${JSON.stringify(matchingQueries(world, e, o.queryBudget).map((q) => entityPath(world, q)))}`);
  return `{${out.join(',')}}`;
}
