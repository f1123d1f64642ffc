// The `vars` parameter of /query (DECISIONS): `food:Apples`, several separated by ',', optionally
// wrapped in '( )', as the reference explorer sends them. Each name must be a variable of the
// query (written without '$') and each value an entity path or id.
import type { Entity, World } from '../ecs';
import type { DialectNames } from '../json';
import type { Query, VarValues } from '../query';
import { errorReply, shown } from './replies';
import type { RestReply } from './types';

function entityOf(world: World, names: DialectNames, text: string): Entity {
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    return world.isAlive(id) ? id : 0;
  }
  return names.lookupSymbol(world, text);
}

/** Variable values from `vars` (entity paths in the names of `dialect`), or the 400 reply naming the bad part. */
export function parseVars(world: World, query: Query, text: string, dialect: DialectNames): { vars: VarValues } | { reply: RestReply } {
  let body = text.trim();
  if (body.startsWith('(') && body.endsWith(')')) body = body.slice(1, -1).trim();
  const names = query.variableNames;
  const known = names.length ? `its variables are ${names.join(', ')}` : 'it has no variables';
  const vars: Record<string, Entity> = {};
  if (body === '') return { vars };
  for (const part of body.split(',')) {
    const colon = part.indexOf(':');
    if (colon < 0) return { reply: errorReply(400, `parameter 'vars': ${shown(part.trim())} has no ':'; write name:entity, e.g. vars=food:Apples`) };
    const name = part.slice(0, colon).trim();
    const value = part.slice(colon + 1).trim();
    if (!names.includes(name)) {
      const hint = name.startsWith('$') ? ` (write the name without '$')` : '';
      return { reply: errorReply(400, `parameter 'vars': the query has no variable ${shown(name)}${hint}; ${known}`) };
    }
    const e = entityOf(world, dialect, value);
    if (e === 0) return { reply: errorReply(400, `parameter 'vars': ${name}:${value} names no entity; give an entity path such as Sun.Earth or an id`) };
    vars[name] = e;
  }
  return { vars };
}
