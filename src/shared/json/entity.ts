// The entity reply (GET /entity/<path>): path, doc fields, ids with labels, values and type info,
// the components inherited from IsA bases, matching named queries, active alerts and incoming
// relationships — each part switched on by the parameter of the same name.
import { NamesMemo, isPair, makePair, pairFirstIndex, type Entity, type Id, type Table, type World } from '../ecs';
import { ENTITY_PARAMS, paramDefaults, type EntityParams } from '../protocol';
import { matchingQueries, type QueryBudget } from '../query';
import { idLabelText, idText, isPrivateId, pathText } from './labels';
import { WORLD_NAMES, type DialectNames } from './dialect-names';
import { typeInfoText } from './type-info';
import { templateOf, writeValue, writeValueBytes } from './value-writer';
import { AsciiWriter, isAscii } from './ascii-writer';
import { forEachIsABase } from './isa-bases';
import { member } from './members';

/**
 * What the entity reply shows. The switches are GET /entity's parameters (protocol's
 * ENTITY_PARAMS): their names, meaning and defaults live there only; entityReplyOptions() fills
 * in those defaults for in-process callers.
 */
export interface EntityReplyOptions extends Omit<EntityParams, 'refs' | 'at'> {
  /** Relationship (path) or `*`: entities that point at this one, by relationship name (default none). */
  refs?: Entity | '*';
  /** Source of active alerts (the monitor module's), used when `alerts` is true. */
  alertsOf?: (e: Entity) => readonly unknown[];
  /** The names paths and labels are printed in (default: the world's own). */
  names?: DialectNames;
  /** Budget of the named queries evaluated for `matches` (default: unbounded); QueryBudgetError past it. */
  queryBudget?: QueryBudget;
}

/** The switches' defaults (refs has none, so parsing no parameters leaves it out). */
const ENTITY_SWITCH_DEFAULTS: Omit<EntityParams, 'refs'> = paramDefaults(ENTITY_PARAMS);

/** The entity reply's options: the parameters' zod defaults, with `given` on top. */
export function entityReplyOptions(given: Partial<EntityReplyOptions> = {}): EntityReplyOptions {
  return { ...ENTITY_SWITCH_DEFAULTS, ...given };
}

/** Where valuesText writes (one per process: it does not re-enter). */
const writer = new AsciiWriter(4096);

/**
 * `"values":[…]` of `owner` for `ids`: numeric values are written as bytes (no string per
 * number); a value with text members is printed as a string and carried along, as bytes when it
 * is ASCII.
 */
function valuesText(world: World, owner: Entity, ids: readonly Id[], names: DialectNames): string {
  const w = writer, { table, row } = world.locate(owner);
  let parts: string[] | undefined;
  w.reset();
  w.ascii('"values":[');
  for (let i = 0; i < ids.length; i++) {
    if (i) w.char(44 /* , */);
    const schema = world.dataOf(ids[i]!)?.schema;
    const column = schema ? table.column(ids[i]!) : undefined;
    if (!column) { w.char(48 /* 0 */); continue; }
    const t = templateOf(schema!);
    if (t.bytes) { writeValueBytes(t, column.arrays, row, w); continue; }
    const text = writeValue(t, column.arrays, row, world, names);
    if (isAscii(text)) { w.ascii(text); continue; }
    (parts ??= []).push(w.text(), text);
    w.reset();
  }
  w.char(93 /* ] */);
  return parts ? parts.join('') + w.text() : w.text();
}

/** `text` with the parts aligned with `ids` added: the ids themselves (unless `withIds` is false: tableIds made them), labels, values, type info. */
function idsPart(world: World, owner: Entity, ids: readonly Id[], o: EntityReplyOptions, text: string, withIds = true): string {
  const names = o.names ?? WORLD_NAMES;
  let s = text;
  if (withIds && o.ids) s = member(s, `"ids":[${ids.map((id) => idText(world, id, names)).join(',')}]`);
  if (o.id_labels) s = member(s, `"id_labels":[${ids.map((id) => idLabelText(world, id, names)).join(',')}]`);
  if (o.values) s = member(s, valuesText(world, owner, ids, names));
  if (o.type_info) s = member(s, `"type_info":[${ids.map((id) => typeInfoText(world, id, names)).join(',')}]`);
  return s;
}

/** Ids of a base that an instance inherits: not private, not Prefab, not DontInherit, not overridden. */
function inheritedIds(world: World, base: Entity, seen: Set<Id>): Id[] {
  const c = world.core;
  const out: Id[] = [];
  for (const id of world.typeOf(base)) {
    if (seen.has(id) || id === c.Prefab || isPrivateId(world, id)) continue;
    const first = isPair(id) ? world.pairFirst(id) : id;
    if (world.owns(first, c.DontInherit)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/** `is_a` entries: each base (depth first, as inheritance resolves) with the ids it contributes. */
function basesPart(world: World, e: Entity, o: EntityReplyOptions): string | undefined {
  const seen = new Set<Id>(world.typeOf(e));
  const entries: string[] = [];
  forEachIsABase(world, e, (base) => {
    entries.push(`{${idsPart(world, base, inheritedIds(world, base, seen), { ...o, ids: true }, `"path":${pathText(world, base, o.names)}`)}}`);
  });
  return entries.length ? `"is_a":[${entries.join(',')}]` : undefined;
}

/** `refs`: the entities that have (rel, e), grouped by relationship name. */
function refsPart(world: World, e: Entity, rel: Entity | '*', names: DialectNames): string {
  const W = world.core.Wildcard;
  const groups = new Map<string, string[]>();
  const record = world.record(makePair(rel === '*' ? W : rel, e));
  for (const table of record?.tables ?? []) {
    for (const ti of record!.indices.get(table)!) {
      const r = world.aliveAt(pairFirstIndex(table.type[ti]!));
      const key = names.nameOf(world, r) ?? String(r);
      let list = groups.get(key);
      if (!list) groups.set(key, (list = []));
      for (const src of table.entities) list.push(pathText(world, src, names));
    }
  }
  return `"refs":{${[...groups].map(([k, v]) => `${JSON.stringify(k)}:[${v.join(',')}]`).join(',')}}`;
}

/** The ids of one table as the reply shows them, valid while names, parents and traits are unchanged. */
interface TableIds {
  /** The dialect the texts are in. */
  dialect: DialectNames;
  names: number;
  structure: number;
  /** The ids that are not private (what the reply shows unless `private` is asked). */
  shownIds: readonly Id[];
  /** `"ids":[…]` of shownIds, and of every id. */
  shown: string;
  all: string;
}

const tableIdsCache = new WeakMap<Table, TableIds>();

/**
 * The ids of an entity's table, without private ids and as `"ids":[…]` texts. Every entity of a
 * table has the same ids, so they are worked out once per table and reused while no name or
 * parent changed (hierarchy.version) and no id entity changed its type (structureVersion: a
 * Private trait added to a component).
 */
function tableIds(world: World, table: Table, dialect: DialectNames): TableIds {
  const names = world.hierarchy.version, structure = world.structureVersion;
  let t = tableIdsCache.get(table);
  if (t === undefined || t.names !== names || t.structure !== structure || t.dialect !== dialect) {
    const all = table.type, shownIds = all.filter((id) => !isPrivateId(world, id));
    const text = (ids: readonly Id[]) => `"ids":[${ids.map((id) => idText(world, id, dialect)).join(',')}]`;
    t = { dialect, names, structure, shownIds, shown: text(shownIds), all: text(all) };
    tableIdsCache.set(table, t);
  }
  return t;
}

/** `text` with `"brief":…` (or link, color) added when the entity has that doc field. */
function docPart(world: World, e: Entity, field: 'brief' | 'link' | 'color', text: string): string {
  const doc = world.doc(e, field);
  return doc === undefined ? text : member(text, `"${field}":${JSON.stringify(doc)}`);
}

/**
 * The members an entity's reply opens with when nothing comes between its path and its ids
 * (`"path":…,"ids":[…]`), and the whole reply of just those. Valid, like its table's ids, while
 * no name or parent changes (the memo empties then), no id entity changes its type
 * (structureVersion) and the entity stays in its table.
 */
interface EntityHead {
  readonly table: Table;
  readonly structure: number;
  /** The switches it was made for: path, ids, private. */
  readonly switches: number;
  readonly members: string;
  /** `{members}`: kept, so it is flattened once (by the first write) instead of per reply. */
  readonly closed: string;
}

/** Entity heads by dialect (at most 65,536 per world each, as path texts). */
const heads = new Map<DialectNames, NamesMemo<Entity, EntityHead>>();

/** The head of `e`'s reply for the path, ids and private switches, remembered (see EntityHead). */
function entityHead(world: World, e: Entity, table: Table, o: EntityReplyOptions, names: DialectNames): EntityHead {
  let memo = heads.get(names);
  if (memo === undefined) heads.set(names, (memo = new NamesMemo<Entity, EntityHead>(65_536)));
  const byEntity = memo.entries(world), structure = world.structureVersion;
  const switches = (o.path ? 1 : 0) | (o.ids ? 2 : 0) | (o.private ? 4 : 0);
  const known = byEntity.get(e);
  if (known !== undefined && known.table === table && known.structure === structure && known.switches === switches) return known;
  let members = o.path ? `"path":${pathText(world, e, names)}` : '';
  if (o.ids) {
    const ids = tableIds(world, table, names);
    members = member(members, o.private ? ids.all : ids.shown);
  }
  const head: EntityHead = { table, structure, switches, members, closed: `{${members}}` };
  memo.remember(byEntity, e, head);
  return head;
}

/**
 * JSON text of the entity reply. The entity must be alive. Its members are joined as they are
 * made (no array of parts to join: that was a third of a small reply's work); when nothing comes
 * between the path and the ids, those two come from the entity's remembered head.
 */
export function serializeEntity(world: World, e: Entity, o: EntityReplyOptions = entityReplyOptions()): string {
  const names = o.names ?? WORLD_NAMES, table = world.tableOf(e);
  let s: string;
  if (!o.label && !o.brief && !o.link && !o.color && !(o.base && table.flags.hasIsA)) {
    const head = entityHead(world, e, table, o, names);
    if (!o.id_labels && !o.values && !o.type_info && !o.alerts && !o.matches && o.refs === undefined) return head.closed;
    s = head.members;
  } else {
    s = o.path ? `"path":${pathText(world, e, names)}` : '';
    if (o.label) s = member(s, `"label":${JSON.stringify(names.label(world, e))}`);
    if (o.brief) s = docPart(world, e, 'brief', s);
    if (o.link) s = docPart(world, e, 'link', s);
    if (o.color) s = docPart(world, e, 'color', s);
    if (o.base && table.flags.hasIsA) {
      const bases = basesPart(world, e, o);
      if (bases) s = member(s, bases);
    }
    if (o.ids) {
      const ids = tableIds(world, table, names);
      s = member(s, o.private ? ids.all : ids.shown);
    }
  }
  if (o.id_labels || o.values || o.type_info) s = idsPart(world, e, o.private ? table.type : tableIds(world, table, names).shownIds, o, s, false);
  if (o.alerts && o.alertsOf) {
    const alerts = o.alertsOf(e);
    if (alerts.length) s = member(s, `"alerts":${JSON.stringify(alerts)}`);
  }
  if (o.matches) s = member(s, `"matches":[${matchingQueries(world, e, o.queryBudget).map((q) => pathText(world, q, names)).join(',')}]`);
  if (o.refs !== undefined) s = member(s, refsPart(world, e, o.refs, names));
  return `{${s}}`;
}
