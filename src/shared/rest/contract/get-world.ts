// GET /world: a dump of the user entities (built-ins, everything under ecs, left out), one result per table with every
// id of the table (private ones too) and the owned values, like the reference's /world.
import type { Entity } from '../../ecs';
import { idText, pathText, rowText, templateOf } from '../../json';
import { isBuiltin, okText } from '../common';
import type { Handler } from '../types';

/** Answers GET /world. */
export const getWorld: Handler = (ctx) => {
  const { world, names } = ctx;
  const results: string[] = [];
  for (const table of world.tables.values()) {
    const rows: number[] = [];
    table.entities.forEach((e: Entity, row: number) => { if (!isBuiltin(world, e)) rows.push(row); });
    if (rows.length === 0) continue;
    const parent = world.aliveAt(table.flags.parentIndex);
    const ents = rows.map((r) => {
      const e = table.entities[r]!;
      const name = names.nameOf(world, e);
      return name === undefined ? String(e) : JSON.stringify(name);
    });
    const values = table.type.map((id) => {
      const column = table.column(id);
      const schema = column?.info.schema;
      if (!column || !schema) return '0';
      const t = templateOf(schema);
      return `[${rows.map((r) => rowText(column, t, r, world, names)).join(',')}]`;
    });
    results.push(`{"ids":[${table.type.map((id) => idText(world, id, names)).join(',')}],${parent ? `"parent":${pathText(world, parent, names)},` : ''}"entities":[${ents.join(',')}],"values":[${values.join(',')}]}`);
  }
  return okText(`{"results":[${results.join(',')}]}`);
};
