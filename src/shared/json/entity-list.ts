// The `entities` list of a run of a table's entities as JSON text (names, or ids for anonymous
// entities), reused while the table's rows do not change (its version moves on every structural
// change) and, for names, while no name or parent changes (world.hierarchy.version).
import type { Table, World } from '../ecs';
import { AsciiWriter } from './ascii-writer';

interface ListCache { version: number; names: number; start: number; count: number; text: string }

const idLists = new WeakMap<Table, ListCache>();
const nameLists = new WeakMap<Table, ListCache>();
/** Where id lists are written: digits straight into bytes, no string per id and no join. */
const writer = new AsciiWriter(4096);

/** Comma-separated ids of entities `start…start+count-1` of a table. */
export function entityIdsText(table: Table, start: number, count: number): string {
  const c = idLists.get(table);
  if (c && c.version === table.version && c.start === start && c.count === count) return c.text;
  const ents = table.entities, w = writer;
  w.reset();
  for (let i = 0; i < count; i++) {
    if (i !== 0) w.char(44 /* , */);
    w.int(ents[start + i]!);
  }
  const text = w.text();
  idLists.set(table, { version: table.version, names: 0, start, count, text });
  return text;
}

/** Comma-separated names (JSON strings), or ids for anonymous ones, of entities `start…start+count-1`. */
export function entityNamesText(world: World, table: Table, start: number, count: number): string {
  const c = nameLists.get(table), names = world.hierarchy.version;
  if (c && c.version === table.version && c.names === names && c.start === start && c.count === count) return c.text;
  const ents = table.entities;
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const e = ents[start + i]!;
    const name = world.nameOf(e);
    parts[i] = name === undefined ? String(e) : JSON.stringify(name);
  }
  const text = parts.join(',');
  nameLists.set(table, { version: table.version, names, start, count, text });
  return text;
}
