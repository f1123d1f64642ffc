// The `entities` list of a run of a table's entities as JSON text (names, or ids for anonymous
// entities), reused while the table's rows do not change (its version moves on every structural
// change) and, for names, while no name or parent changes (world.hierarchy.version).
import type { Table, World } from '../ecs';
import { AsciiWriter } from './ascii-writer';
import { WORLD_NAMES, type DialectNames } from './dialect-names';

interface ListCache { version: number; names: number; start: number; count: number; text: string; dialect?: DialectNames }

const idLists = new WeakMap<Table, ListCache>();
const nameLists = new WeakMap<Table, ListCache>();
/** Where id lists are written: digits straight into bytes, no string per id and no join. */
const writer = new AsciiWriter(4096);

// Each list is made by a loop in a function of its own that does nothing after the loop: a first
// call with a long list (10,000 ids) makes V8 optimize the function holding the loop in the
// middle of it, before any code after the loop has run; that code then has no type feedback, and
// V8 (Node 20) keeps such code and bails out of it on every later call (measured in the host
// under load: 1,432 bailouts from entityIdsText in 4 s, each a trip to the interpreter).

/** Comma-separated ids of entities `start…start+count-1` of a table. */
export function entityIdsText(table: Table, start: number, count: number): string {
  const c = idLists.get(table);
  if (c && c.version === table.version && c.start === start && c.count === count) return c.text;
  writer.reset();
  writeIds(writer, table.entities, start, count);
  const text = writer.text();
  idLists.set(table, { version: table.version, names: 0, start, count, text });
  return text;
}

function writeIds(w: AsciiWriter, ents: readonly number[], start: number, count: number): void {
  for (let i = 0; i < count; i++) {
    if (i !== 0) w.char(44 /* , */);
    w.int(ents[start + i]!);
  }
}

/** Comma-separated names (JSON strings, in the names of `dialect`), or ids for anonymous ones, of entities `start…start+count-1`. */
export function entityNamesText(world: World, table: Table, start: number, count: number, dialect: DialectNames = WORLD_NAMES): string {
  const c = nameLists.get(table), names = world.hierarchy.version;
  if (c && c.version === table.version && c.names === names && c.start === start && c.count === count && c.dialect === dialect) return c.text;
  const parts = new Array<string>(count);
  nameTexts(world, table.entities, start, parts, dialect);
  const text = parts.join(',');
  nameLists.set(table, { version: table.version, names, start, count, text, dialect });
  return text;
}

function nameTexts(world: World, ents: readonly number[], start: number, parts: string[], dialect: DialectNames): void {
  for (let i = 0; i < parts.length; i++) {
    const e = ents[start + i]!;
    const name = dialect.nameOf(world, e);
    parts[i] = name === undefined ? String(e) : JSON.stringify(name);
  }
}
