// PUT /set/<path>?data=… (or &data=…): sets components atomically (docs/rest-api.md,
// Changing the world). The payload is {"ids": [[id], [rel, target]], "values": [{…}]}; every id and value
// is checked before anything is applied, numbers may be numeric strings, members may be nested or
// dotted, and an id without a value adds a tag, a pair or a component with its defaults.
import { EcsError, isPair, type Entity, type Id, type SetEntry, type World } from '../../ecs';
import type { DialectNames } from '../../json';
import { setPayloadSchema, type SetParams, type SetPayload } from '../../protocol';
import { builtinIdRefusal, builtinRefusal, EMPTY_OK, errorReply, resolveWritable, shown } from '../common';
import type { Handler, RestReply } from '../types';

const EXAMPLE = '{"ids":[["Position"]],"values":[{"x":1,"y":2}]}';
/** How /set reads values: numeric strings and entity paths accepted, no infinities. */
const LENIENT = { lenient: true, finite: true } as const;

/** Resolves `ids[i]` (paths in the names of `names`) to an id, or explains which part names nothing. */
function resolveId(world: World, names: DialectNames, paths: readonly string[], i: number): Id | string {
  const first = names.lookupSymbol(world, paths[0]!);
  if (first === 0) return `ids[${i}]: ${shown(paths[0]!)} names no entity (give a component path such as Position or ${names.printPath('ecs.core.Disabled')})`;
  if (paths.length === 1) return first;
  const second = names.lookupSymbol(world, paths[1]!);
  if (second === 0) return `ids[${i}]: pair target ${shown(paths[1]!)} names no entity`;
  return world.pair(first, second);
}

/** True for an array of one- or two-part ids, each part a non-empty string (the schema's `ids`). */
function plainIds(ids: unknown): ids is string[][] {
  if (!Array.isArray(ids)) return false;
  for (const id of ids) {
    if (!Array.isArray(id) || id.length < 1 || id.length > 2) return false;
    for (const part of id) if (typeof part !== 'string' || part.length === 0) return false;
  }
  return true;
}

/**
 * The payload setPayloadSchema makes of `json` when it has the shape nearly every /set sends (an
 * object of `ids` and, optionally, `values`, both well formed), checked by hand; undefined for
 * anything else, which the schema then parses and explains. A zod parse of the payload was about
 * a fifth of a /set's work in a profile of the load mix; the arrays are the payload's own (the
 * handler only reads them) where the schema copies them.
 */
export function plainPayload(json: unknown): SetPayload | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  // Every key JSON.parse made is an own enumerable one (`__proto__` too, which is neither).
  for (const key in json) if (key !== 'ids' && key !== 'values') return undefined;
  const { ids, values } = json as { ids?: unknown; values?: unknown };
  if (ids !== undefined && !plainIds(ids)) return undefined;
  if (values !== undefined && !Array.isArray(values)) return undefined;
  const out: SetPayload = { ids: ids ?? [] };
  if (values !== undefined) out.values = values as unknown[];
  return out;
}

/** Parses `data`; the payload or the 400 reply that says what is wrong with it. */
function payload(data: string): SetPayload | RestReply {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (err) {
    return errorReply(400, `parameter 'data' is not valid JSON (${(err as Error).message}): send e.g. data=${EXAMPLE}, URL-encoded`);
  }
  const plain = plainPayload(json);
  if (plain !== undefined) return plain;
  const r = setPayloadSchema.safeParse(json);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const where = issue.path.length ? `data.${issue.path.join('.')}` : 'data';
  const what = issue.code === 'unrecognized_keys' ? `has unknown fields ${issue.keys.map((k) => `'${k}'`).join(', ')} (fields are ids and values)`
    : issue.path.length === 0 ? 'must be a JSON object with ids and values' : issue.message;
  return errorReply(400, `${where} ${what}: send e.g. data=${EXAMPLE}`);
}

/** The set entries of a payload for entity `e`, or the 400 reply naming the culprit. */
function entries(world: World, names: DialectNames, e: Entity, p: SetPayload): SetEntry[] | RestReply {
  const values = p.values ?? [];
  if (values.length > p.ids.length) return errorReply(400, `data.values has ${values.length} values for ${p.ids.length} ids: give one value per id, in the same order`);
  const ids: Id[] = [];
  for (let i = 0; i < p.ids.length; i++) {
    const id = resolveId(world, names, p.ids[i]!, i);
    if (typeof id === 'string') return errorReply(400, id);
    // The build endpoints' rules (PUT /component): /set must not be a way around them. A query
    // placeholder passes here and setMany refuses it, saying so.
    const refusal = builtinIdRefusal(world, names, e, id, 'add', true);
    if (refusal !== undefined) return errorReply(403, `ids[${i}]: ${refusal}`);
    ids.push(id);
  }
  const out: SetEntry[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const info = world.dataOf(id);
    const value = values[i];
    if (value === undefined || value === null) {
      // The store adds it with its defaults (an opaque one's registered default) or keeps the value it has.
      out.push({ id });
      continue;
    }
    if (!info && !(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)) {
      const kind = isPair(id) ? 'pair' : 'tag';
      const text = isPair(id) ? `(${names.pathOf(world, world.pairFirst(id))}, ${names.pathOf(world, world.pairSecond(id))})` : names.pathOf(world, id);
      return errorReply(400, `ids[${i}]: ${text} is a ${kind} without data: give no value for it (it is added as is)`);
    }
    out.push(info ? { id, value } : { id });
  }
  return out;
}

/** True when every entry sets a world setting (e.g. ecs.app.TimeControl) on the World entity: the one change built-ins take. */
function onlyWorldSettings(world: World, e: Entity, list: readonly SetEntry[]): boolean {
  if (e !== world.core.World || list.length === 0) return false;
  return list.every((entry) => typeof entry.id === 'number' && world.worldSettings.has(entry.id));
}

/** Answers PUT /set/<path>. */
export const putSet: Handler<SetParams> = (ctx, p) => {
  const { world, names } = ctx;
  // A built-in is refused here, except the World entity while there are world settings to set:
  // whether the payload sets only those is known once it is parsed.
  const found = resolveWritable(ctx, 'set components on', (e) => e === world.core.World && world.worldSettings.size > 0);
  if ('reply' in found) return found.reply;
  const { entity: e, builtin } = found;
  const parsed = payload(p.data);
  if ('status' in parsed) return parsed;
  const list = entries(world, names, e, parsed);
  if (!Array.isArray(list)) return list;
  if (builtin && !onlyWorldSettings(world, e, list)) return builtinRefusal(world, e, 'set components other than world settings on', names);
  try {
    // Entity members may be given as paths in the dialect's names.
    world.setMany(e, list, names.identity ? LENIENT : { ...LENIENT, resolveEntity: (raw: number | string) => names.resolveEntityValue(world, raw) });
  } catch (err) {
    if (err instanceof EcsError) {
      const which = err.entry === undefined ? '' : `ids[${err.entry}]: `;
      return errorReply(err.code === 'builtin' ? 403 : 400, `${which}cannot set on '${names.pathOf(world, e)}': ${err.message}`);
    }
    throw err;
  }
  return EMPTY_OK;
};
