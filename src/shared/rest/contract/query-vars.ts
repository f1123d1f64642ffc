// The `vars` parameter of /query (docs/rest-api.md): `food:Apples`, several separated by ',', optionally
// wrapped in '( )', as the reference explorer sends them. Each name must be a variable of the
// query (written without '$') and each value an entity path or id.
import type { Entity, World } from '../../ecs';
import type { DialectNames } from '../../json';
import { MAX_QUERY_VARIABLES } from '../../protocol';
import type { Query, VarValues } from '../../query';
import { errorReply, shown } from '../common';
import type { RestReply } from '../types';

/** Variable values from `vars` (entity paths in the names of `dialect`), or the 400 reply naming the bad part. */
export function parseVars(world: World, query: Query, text: string, dialect: DialectNames): { vars: VarValues } | { reply: RestReply } {
  let body = text.trim();
  if (body.startsWith('(') && body.endsWith(')')) body = body.slice(1, -1).trim();
  const names = query.variableNames;
  const known = names.length ? `its variables are ${shown(names.join(', '))}` : 'it has no variables';
  // No prototype: a variable may be called $constructor or $__proto__.
  const vars = Object.create(null) as Record<string, Entity>;
  if (body === '') return { vars };
  const parts = body.split(',');
  // Each value names a variable of the query, once; a query has at most MAX_QUERY_VARIABLES.
  if (parts.length > Math.max(names.length, 1)) {
    const most = names.length ? `the query has ${names.length} variable${names.length === 1 ? '' : 's'}` : 'the query has no variables';
    return { reply: errorReply(400, `parameter 'vars' gives ${parts.length} values, but ${most} (a query may have at most ${MAX_QUERY_VARIABLES}); give each variable one value`) };
  }
  for (const part of parts) {
    const colon = part.indexOf(':');
    if (colon < 0) return { reply: errorReply(400, `parameter 'vars': ${shown(part.trim())} has no ':'; write name:entity, e.g. vars=food:Apples`) };
    const name = part.slice(0, colon).trim();
    const value = part.slice(colon + 1).trim();
    if (!names.includes(name)) {
      const hint = name.startsWith('$') ? ` (write the name without '$')` : '';
      return { reply: errorReply(400, `parameter 'vars': the query has no variable ${shown(name)}${hint}; ${known}`) };
    }
    if (Object.hasOwn(vars, name)) return { reply: errorReply(400, `parameter 'vars' gives ${shown(name)} twice; give each variable one value`) };
    // A path in the dialect's names, or an id (lookupSymbol reads both; 0 when dead).
    const e = dialect.lookupSymbol(world, value);
    if (e === 0) return { reply: errorReply(400, `parameter 'vars': ${shown(`${name}:${value}`)} names no entity; give an entity path such as Sun.Earth or an id`) };
    vars[name] = e;
  }
  return { vars };
}
