// The members a query result opens with, `"parent":…,"entities":[…]`, remembered per table: they
// depend only on the table's rows (its version moves on every structural change), the names and
// parents (world.hierarchy.version), the dialect and the page's part of the table, so a listing
// asked again (the explorer's, a page of the load) reuses its text; the values after them are
// printed through the row cache.
import { makePair, type Table, type World } from '../ecs';
import { entityIdsText, entityNamesText } from './entity-list';
import { pathText } from './labels';
import { flattened, member } from './members';
import type { DialectNames } from './dialect-names';

/** A table's result head for one page part, valid while its stamps stand. */
export interface ResultHead {
  readonly version: number;
  readonly names: number;
  readonly dialect: DialectNames;
  readonly start: number;
  readonly count: number;
  /** False: made for entities=false (no members). */
  readonly entities: boolean;
  /** `"parent":…,"entities":[…]` ('' without entities). */
  readonly members: string;
  /** `{members}`: kept, so a result of just those is flattened once (by the first write) instead of per reply. */
  readonly closed: string;
}

const heads = new WeakMap<Table, ResultHead>();

/** True when no entity of the table has a name (its type lacks (Identifier, Name)): the list shows ids. */
export function isAnonymous(world: World, table: Table): boolean {
  return !table.has(makePair(world.core.Identifier, world.core.Name));
}

/** `"parent":<path>` of a table's entities, '' for a table of root entities. */
export function parentMember(world: World, table: Table, dialect: DialectNames): string {
  const parent = world.aliveAt(table.flags.parentIndex);
  return parent === 0 ? '' : `"parent":${pathText(world, parent, dialect)}`;
}

/** The head of entities `start…start+count-1` of a table (members only when `entities`), remembered per table. */
export function resultHead(world: World, table: Table, start: number, count: number, dialect: DialectNames, entities: boolean): ResultHead {
  const known = heads.get(table), names = world.hierarchy.version;
  if (known !== undefined && known.version === table.version && known.names === names && known.dialect === dialect
    && known.start === start && known.count === count && known.entities === entities) return known;
  let members = '';
  if (entities) {
    const list = isAnonymous(world, table) ? entityIdsText(table, start, count) : entityNamesText(world, table, start, count, dialect);
    members = member(parentMember(world, table, dialect), `"entities":[${list}]`);
  }
  const head: ResultHead = { version: table.version, names, dialect, start, count, entities, members: flattened(members), closed: flattened(`{${members}}`) };
  heads.set(table, head);
  return head;
}
