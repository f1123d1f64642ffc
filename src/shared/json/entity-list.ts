// The numeric ids of a run of a table's entities as JSON text, reused while the table's rows do
// not change (its version moves on every structural change).
import type { Table } from '../ecs';

interface ListCache { version: number; start: number; count: number; text: string }

const caches = new WeakMap<Table, ListCache>();

/** Comma-separated ids of entities `start…start+count-1` of a table. */
export function entityIdsText(table: Table, start: number, count: number): string {
  const c = caches.get(table);
  if (c && c.version === table.version && c.start === start && c.count === count) return c.text;
  const ents = table.entities;
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i++) parts[i] = String(ents[start + i]!);
  const text = parts.join(',');
  caches.set(table, { version: table.version, start, count, text });
  return text;
}
