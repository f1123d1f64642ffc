// GET /tables: every table with its type, entity count and approximate memory (bytes of the
// component data: rows in use and rows allocated).
import { isPair } from '../../ecs';
import { okText } from '../common';
import type { Handler } from '../types';

/** Answers GET /tables. */
export const getTables: Handler = (ctx) => {
  const { world, names } = ctx;
  const out: string[] = [];
  for (const table of world.tables.values()) {
    const type = table.type.map((id) => JSON.stringify(isPair(id)
      ? `(${names.pathOf(world, world.pairFirst(id))},${names.pathOf(world, world.pairSecond(id))})` : names.pathOf(world, id)));
    let rowBytes = 0;
    for (const c of table.columns) rowBytes += c.info.size;
    out.push(`{"id":${table.id},"type":[${type.join(',')}],"count":${table.count},"memory":{"used":${rowBytes * table.count},"allocated":${rowBytes * table.capacity}}}`);
  }
  return okText(`[${out.join(',')}]`);
};
