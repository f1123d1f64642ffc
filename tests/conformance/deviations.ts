// Captures where we answer differently from the reference on purpose (deviations.md lists the same,
// one line each). Each entry says why — the rule of docs/rest-api.md or product reason — and checks our reply
// against that rule, so a deviating capture is still verified, not skipped.
import { expect } from 'vitest';
import type { Capture } from '../support/reference';
import {
  addToRef, again, all, asEcs, assertError, dropIds, isId, emptyValuesAsZero, entityOf, error, flat, labelOf, limit100, perEntity, sameAs, sameReplyAs,
  pipelineStatsCheck, statsCheck, withoutParam, type Check,
} from './deviation-checks';
import { differences, type OurReply, type ReplayMode, type RunWorld } from './harness';

/** One documented deviation: the reason, and a check of our reply (throws on failure). */
export interface Deviation {
  readonly why: string;
  readonly check: (ours: OurReply, run: RunWorld, c: Capture) => void;
  /** The check in compat mode (--compat flecs-3.2), when the rule differs there. */
  readonly compat?: (ours: OurReply, run: RunWorld, c: Capture) => void;
  /** The only mode in which the capture deviates (in the other it matches). */
  readonly onlyIn?: ReplayMode;
}

type Body = Record<string, unknown>;
const table: Record<number, Deviation> = {};
function add(numbers: number[], why: string, check: Check, compat?: Check): void {
  for (const n of numbers) table[n] = compat ? { why, check, compat } : { why, check };
}
/** A deviation of compat mode only: in contract mode the capture matches. */
function addCompat(numbers: number[], why: string, compat: Check): void {
  for (const n of numbers) table[n] = { why, check: (o, run, c) => expect(differences(c, o, run.mode)).toBeUndefined(), compat, onlyIn: 'flecs-3.2' };
}
/** The reference keys the type_info of a pair with a variable target as (Rel,Rel); ours is (Rel,*), as the pair is written. */
function pairKeyAsWritten(b: Body): void {
  const ti = b.type_info as Record<string, unknown> | undefined;
  if (!ti || Array.isArray(ti)) return;
  b.type_info = Object.fromEntries(Object.entries(ti).map(([k, v]) => [k.replace(/^\(([^,]+),\1\)$/, '($1,*)'), v]));
}
const isMonitorId = (id: string[]) => asEcs(id[0]!).startsWith('ecs.monitor.');
/** A built-in's path in either mode's names (ecs.* or, in compat mode, flecs.*). */
const isBuiltinPath = (path: string) => asEcs(path).startsWith('ecs.');

// ---------------------------------------------------------------- entity endpoint

add([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17, 18, 22, 23],
  "World entity: the reference's monitor keeps stats as ids of the World and it has (Identifier, Symbol) and built-in systems; ours has the monitor's own ids, ecs.rest.Rest with reflection ({port, address}) and the brief 'Entity associated with the world'",
  sameAs((b) => {
    dropIds(b, (id) => isMonitorId(id) || isId(id, 'ecs.core.Identifier,ecs.core.Symbol'));
    if (Array.isArray(b.matches)) b.matches = (b.matches as string[]).filter((m) => !isBuiltinPath(m));
  }, (b) => {
    dropIds(b, isMonitorId);
    const rest = (b.ids as string[][] | undefined)?.findIndex((id) => isId(id, 'ecs.rest.Rest')) ?? -1;
    if (Array.isArray(b.values)) { expect((b.values as unknown[])[rest]).toEqual({ port: 27750, address: '127.0.0.1' }); (b.values as unknown[])[rest] = 0; }
    if (Array.isArray(b.type_info)) { expect((b.type_info as unknown[])[rest]).toEqual({ port: ['int'], address: ['text'] }); (b.type_info as unknown[])[rest] = 0; }
    if (b.brief !== undefined) expect(['Entity associated with the world', 'Entity associated with world']).toContain(b.brief);
    const text = JSON.stringify(b).replaceAll('Entity associated with the world', 'Entity associated with world');
    Object.assign(b, JSON.parse(text));
    if (Array.isArray(b.matches)) b.matches = (b.matches as string[]).filter((m) => !isBuiltinPath(m));
  }));
add([19, 20], "rest-api.md, Addresses and parameters: booleans take exactly 'true' or 'false', anything else is a 400 naming the parameter (the reference read it as false)",
  error(400, /^parameter 'path' must be 'true' or 'false', got '(yes|TRUE)'$/));
add([21], "rest-api.md, Addresses and parameters: a boolean without '=' has the value '' and is a 400 (the reference ignored it)", error(400, /^parameter 'values' must be 'true' or 'false', got ''$/));
add([57], 'a tag declared with world.tag() carries ecs.core.Tag (its pairs carry no data), so what it is stays a stored fact the explorer groups by', sameAs(undefined, (b) => dropIds(b, (id) => isId(id, 'ecs.core.Tag'))));
add([58, 59], 'systems and named queries are not observers here, so they have no ecs.core.Observer tag', sameAs((b) => dropIds(b, (id) => isId(id, 'ecs.core.Observer'))));
add([77], "rest-api.md, Addresses and parameters: a path with an empty level names nothing: 404 (the reference stopped at the empty level and answered Sun)", error(404, /'Sun\/\/Earth'/));
add([89], 'ChildOf is a tag here, not a component (the reference gives it ecs.core.Component)', sameAs((b) => dropIds(b, (id) => isId(id, 'ecs.core.Component'))));
add([384], "rest-api.md, Addresses and parameters: parameters start at '?' or '&' only, so 'Sun=x' is a name that names nothing: 404", error(404, /'Sun=x'/));

// ---------------------------------------------------------------- query endpoint: paging and fields

add([91, 92, 93, 94, 120, 123, 136, 187, 379], 'contract: limit defaults to 100 entities (the reference used 1000); with its count as limit the reply matches', limit100());
add([103, 153], 'contract: a 0 value means nothing to show; an unset optional term and a not term show 0 (the reference wrote [])', sameAs(emptyValuesAsZero));
add([152], 'as 103 (unset optional term shows 0) and 91 (default limit 100)', limit100(sameAs(emptyValuesAsZero)), sameAs(emptyValuesAsZero));
add([105], 'rest-api.md, Query reply: a field asked for is present for every result; entity labels fall back to the name, then the id',
  all(perEntity('entity_labels', labelOf), sameAs(addToRef('entity_labels', labelOf))));
add([106, 134, 328], 'rest-api.md, Query reply: entity_ids is a per-result field of numeric ids (the reference ignored the parameter)',
  all(perEntity('entity_ids', entityOf), sameAs(addToRef('entity_ids', entityOf))));
add([119], 'as 103 (unset terms show 0), 105 (entity_labels for all) and 106 (entity_ids); in compat mode also 110 (type_info key of a pair)',
  all(perEntity('entity_labels', labelOf), perEntity('entity_ids', entityOf),
    sameAs((b, run) => { emptyValuesAsZero(b); addToRef('entity_labels', labelOf)(b, run); addToRef('entity_ids', entityOf)(b, run); })),
  all(perEntity('entity_labels', labelOf), perEntity('entity_ids', entityOf),
    sameAs((b, run) => { emptyValuesAsZero(b); addToRef('entity_labels', labelOf)(b, run); addToRef('entity_ids', entityOf)(b, run); pairKeyAsWritten(b); })));
addCompat([110], "compat mode: type_info keys a pair as written, (Eats,*) (the reference printed (Eats,Eats) for (Eats, $food))", sameAs(pairKeyAsWritten));
const labelsAndIds = all(perEntity('entity_labels', labelOf), perEntity('entity_ids', entityOf),
  sameAs((b, run) => { addToRef('entity_labels', labelOf)(b, run); addToRef('entity_ids', entityOf)(b, run); }));
add([122], 'as 105 and 106 (entity_labels and entity_ids for all), and 91 (default limit 100)', limit100(labelsAndIds), labelsAndIds);
const isSetPresent = all((o) => {
  for (const r of (o.body as { results: Body[] }).results) expect(r.is_set).toEqual([true, true]);
}, sameAs(undefined, (b) => { for (const r of b.results as Body[]) delete r.is_set; }));
add([121], 'rest-api.md, Query reply: is_set is present when asked (the reference left it out when no term is optional), and 91 (default limit 100)',
  limit100(isSetPresent), isSetPresent);
add([179], 'rest-api.md, Query reply: values asked for are present; a tag has no data, so 0 (the reference left values out)',
  all((o) => { for (const r of (o.body as { results: Body[] }).results) expect(r.values).toEqual([0]); },
    sameAs(undefined, (b) => { for (const r of b.results as Body[]) delete r.values; })));
add([113, 114, 115], 'table, rows and field_info are reference extras outside the contract: ignored like any unknown parameter',
  sameReplyAs((c) => withoutParam(withoutParam(withoutParam(c.url, 'table'), 'rows'), 'field_info')));
add([125], 'rest-api.md, Query reply: limit=0 returns no entities (the reference: no limit)', (o) => {
  expect(o.status).toBe(200);
  expect(o.body).toEqual({ results: [] });
});
add([126], 'rest-api.md, Query reply: limit may not exceed the server maximum (10,000 by default): 400', error(400, /^parameter 'limit' must be an integer from 0 to 10000, got '100000'$/));
add([128, 130], 'rest-api.md, Query reply: offset is an integer >= 0, anything else is a 400 (the reference: atoi, or an error with status 200)', error(400, /^parameter 'offset' must be an integer/));
add([129, 131, 132, 133], 'rest-api.md, Query reply: limit is an integer >= 0, anything else is a 400 (the reference: atoi, or an error with status 200)', error(400, /^parameter 'limit' must be an integer/));
add([385], "rest-api.md, Query reply: limit '2=5' is not an integer: 400 (the reference read 2)", error(400, /^parameter 'limit' must be an integer.*'2=5'$/));
add([386], "rest-api.md, Addresses and parameters: '+' in a value is a space, so 'Position, Velocity' is valid (the reference kept the '+')",
  sameReplyAs(() => '/query?q=Position%2C%20Velocity&limit=2'));
add([389, 390, 392], 'rest-api.md, Numbers: integers are plain JSON numbers (the reference printed entity 10000 as "1e4")',
  sameAs((b) => { for (const r of b.results as Body[]) r.entities = (r.entities as unknown[]).map((e) => (e === '1e4' ? 10000 : e)); }));
add([344, 348, 356], 'rest-api.md, Numbers: f32 members print as the shortest decimal, integers plain (the reference printed "1e4", "1e6", "1.0000000200e20")',
  (o) => {
    expect(o.status).toBe(200);
    const mass = ((o.body as Body).values as Body[])[1]!.value as number;
    expect(o.text).toContain(`{"value":${BigInt(mass).toString()}}`);
    expect([1e4, 1e6, 1e20].map(Math.fround)).toContain(Math.fround(mass));
  });

// ---------------------------------------------------------------- query endpoint: q, name and errors

add([217, 218], 'rest-api.md, Query reply: q and name together is a 400 (the reference let name win)', error(400, /either 'q'.*or 'name'/));
add([213], "the reference's built-in system ecs.rest.DequeueRest does not exist here: 404", error(404, /'(flecs|ecs)\.rest\.DequeueRest'/));
add([203], "a named system answers like its expression: Ship2 (Position and Velocity inherited) is matched too (the reference's cached system query left it out), and 91 (default limit 100)",
  limit100((full, run, c) => {
    const ref = flat(JSON.parse(c.body_raw!));
    expect(flat(full.body).filter((e) => e !== 'Ship2').sort()).toEqual(ref.filter((e) => e !== 'Ship2').sort());
    expect(flat(again(run, '/query?name=Move&limit=1000').body)).toContain('Ship2');
  }));
add([204], 'as 203: the named system Move matches Ship2 first, in the order of its expression', (o, run) => {
  expect(o.text).toBe(again(run, '/query?q=Position%2C%20Velocity&values=true&limit=3&term_ids=true').text);
  expect(flat(o.body)).toEqual(['Ship2', 'Ship1', 'Sun.Earth']);
});
add([140], "query engine: (Eats, _) gives one result per entity with the concrete pair that matched (the reference printed (Eats, *) and one result per pair)", (o) => {
  const rs = (o.body as { results: Body[] }).results;
  expect(flat(o.body).sort()).toEqual(['Ship1', 'Sun.Earth', 'Sun.Earth.Moon']);
  for (const r of rs) expect((r.ids as string[][])[0]!.join()).toMatch(/^Eats,(Apples|Pears)$/);
});
add([161], 'query engine: an unset optional term has source 0 (the reference repeated a stale source)', sameAs((b) => {
  for (const r of b.results as Body[]) {
    const set = r.is_set as boolean[];
    r.sources = (r.sources as unknown[]).map((s, i) => (set[i] ? s : 0));
  }
}));
add([177], 'query engine: (IsA, SpaceShip) lists the instances, not the prefab itself', (o) => expect(flat(o.body).sort()).toEqual(['Ship1', 'Ship2']));
add([196], "query engine: a missing comma is a parse error with its position (the reference accepted it)", (o) => {
  assertError(o, 400, /expected ','/);
  expect((o.body as Body).position).toBe(9);
});
add([363], "query engine: a fixed source after traversal flags (parent:Sun.Earth.Moon) is accepted and traversal starts there", (o) => {
  expect(o.status).toBe(200);
  expect((o.body as Body).results).toEqual([{ sources: ['Sun.Earth'], values: [{ value: 5.97 }] }]);
});
add([366], 'prefabs are matched only when the query mentions Prefab (the reference matched SpaceShip when the first term was optional)', (o) => {
  expect(flat(o.body)).toEqual(['Ship2', 'Ship1', 'Sun', 'Sun.Earth']);
  expect(((o.body as { results: Body[] }).results).map((r) => r.is_set)).toEqual([[false, true], [false, true], [true, true], [true, true]]);
});
add([367, 368, 369], 'query engine: AND | T, OR | T and NOT | T use the ids instances of T get from it (not its name, parent, doc, IsA or DontInherit ids such as Prefab); the reference matched nothing', (o, run, c) => {
  expect(o.status).toBe(200);
  const same: Record<string, string> = {
    'AND | SpaceShip': 'Position, Velocity', 'OR | SpaceShip': 'Position || Velocity', 'Position, NOT | SpaceShip': 'Position, !Position, !Velocity',
  };
  const q = decodeURIComponent(/q=([^&]*)/.exec(c.url)![1]!);
  expect(o.text).toBe(again(run, `/query?q=${encodeURIComponent(same[q]!)}&limit=5`).text);
});
add([183, 184, 185, 375], "built-in entities differ: the reference's flecs.core.internals observers do not exist here, so the first matches are other entities", (o, _run, c) => {
  expect(o.status).toBe(200);
  const limit = Number(/limit=(\d+)/.exec(c.url)![1]);
  expect(flat(o.body)).toHaveLength(limit);
});

// ---------------------------------------------------------------- other endpoints and methods

add([219, 220, 221, 222, 223, 224], '/query_plan is not part of the contract: unknown endpoint (404)', error(404, /^unknown endpoint 'GET \/query_plan/));
add([227], "endpoints match whole path segments: /tablesXYZ is unknown (the reference matched 'tables' as a prefix)", error(404, /^unknown endpoint 'GET \/tablesXYZ'/));
add([311, 312, 314], '/script (flecs script) is not part of the contract: unknown endpoint (404)', error(404, /^unknown endpoint 'PUT \/script/));
add([313], 'follows from 312: no script ran, so ScriptEnt does not exist (404)', error(404, /'ScriptEnt'/));
add([225, 315], "/world: the same user entities table by table, but table types differ (no (Identifier, Symbol), doc and built-in ids of our own), so the grouping differs", (o, run) => {
  expect(o.status).toBe(200);
  const names = flat(o.body);
  for (const e of ['Sun', 'Sun.Earth', 'Sun.Mars', 'Ship1', 'Ship1.Engine', 'SpaceShip', 'SpaceShip.Engine', 'Apples', 'Eats', 548, 848]) expect(names).toContain(e);
  expect(names.some((e) => typeof e === 'string' && /^f?ecs/.test(e))).toBe(false);
  expect(names).toHaveLength(new Set(names).size);
  // 315 comes after 301 deleted Comet: the dump follows the world.
  if (run.world.lookup('Comet')) expect(names).toContain('Comet');
  else expect(names).not.toContain('Comet');
});
add([226], '/tables: types are written with full paths and our built-in tables are our own', (o) => {
  expect(o.status).toBe(200);
  expect((o.body as Body[]).find((t) => (t.type as string[]).join() === 'Dust')).toMatchObject({ count: 1200 });
});
add([232, 233, 234, 235, 236, 237], 'rest-api.md, Statistics reply: /stats/world holds the metrics of our monitor module (60 samples each), not the reference\'s 57 keys', statsCheck('world'));
add([238, 239, 240, 241, 242, 243], 'rest-api.md, Statistics reply: /stats/pipeline lists our systems in pipeline order (the reference listed its built-in systems)', pipelineStatsCheck());
add([244, 393, 394, 395, 396], 'rest-api.md, Statistics reply: the contract form /stats/world/<period> works (the reference answered 404)', statsCheck('world'));
add([245, 397, 398, 399, 400], 'rest-api.md, Statistics reply: the contract form /stats/pipeline/<period> works (the reference answered 404)', pipelineStatsCheck());
add([246, 249, 250, 333, 336, 337], 'rest-api.md, Statistics reply: an unknown category is a 400 listing the accepted ones (the reference: 404)', error(400, /\/stats\/world or \/stats\/pipeline/));
add([247, 248], 'rest-api.md, Statistics reply: an unknown period is a 400 listing the accepted ones (the reference: 404)', error(400, /one of 1s, 1m, 1h, 1d, 1w/));
add([334, 335], 'rest-api.md, Statistics reply: without the monitor module, /stats is a 404 that says how to enable it (the reference crashed)', error(404, /monitor.*enable_monitor/));
const preflight = (allow: string): Check => (o) => {
  expect(o.status).toBe(204);
  expect(o.headers?.Allow).toBe(allow);
};
add([251], 'CORS preflights are answered by the HTTP transport (204 with CORS headers); the router answers OPTIONS with 204 and Allow (the contract creates entities with PUT /entity)',
  preflight('GET, PUT, OPTIONS'), preflight('GET, OPTIONS'));
add([253], 'same as 251', preflight('GET, OPTIONS'));
add([252], 'as 251: the transport answers the preflight; the router knows no /no endpoint (404)', error(404, /^unknown endpoint/));
const wrongMethod = (allow: string): Check => (o) => {
  assertError(o, 405, /use GET/);
  expect(o.headers).toEqual({ Allow: allow });
};
add([255], 'the contract creates entities with PUT /entity/<path> (issue 33): the Sun exists, so 409 and nothing changes; compat mode as 257',
  error(409, /already has a child named 'Sun'/), wrongMethod('GET'));
add([257, 258, 259], 'rest-api.md, Errors: a known endpoint with the wrong method is 405 with an Allow header (the reference: 404 or no reply)',
  wrongMethod('GET, PUT'), wrongMethod('GET'));
add([256], 'as 255: GET on a PUT endpoint is 405 with Allow: PUT', (o) => {
  assertError(o, 405, /use PUT/);
  expect(o.headers).toEqual({ Allow: 'PUT' });
});
add([264], "a lower-case method is not GET: the router answers 405 (node's HTTP parser refuses it with 400 before; the reference dropped it)", error(405));
add([260], 'the transport answers HEAD like GET without a body (the reference dropped HEAD)', sameReplyAs(() => '/entity/Sun'));
add([268], 'rest-api.md, Who may do what, and limits: request targets up to 64 KiB are served (the reference dropped requests over its 16 KB buffer)', sameReplyAs(() => '/entity/Sun'));

// ---------------------------------------------------------------- mutations

add([292, 320, 324], 'rest-api.md, Changing the world: an id without data (a tag or a pair) given to /set is added: 200 {} (the reference: 400 or a crash)', (o, run, c) => {
  expect(o.status).toBe(200);
  expect(o.body).toEqual({});
  const data = JSON.parse(decodeURIComponent(/data=([^&]*)/.exec(c.url)![1]!)) as { ids: string[][] };
  const entity = run.world.lookup(decodeURIComponent(/\/set\/([^?&]*)/.exec(c.url)![1]!), '/');
  const id = data.ids[0]!;
  expect(run.world.owns(entity, id.length === 2 ? run.world.pair(run.world.lookup(id[0]!), run.world.lookup(id[1]!)) : run.world.lookup(id[0]!))).toBe(true);
});
add([300], 'follows from 292: Mars also has (Eats, Apples)', sameAs((b) => {
  (b.ids as string[][]).push(['Eats', 'Apples']);
  (b.values as unknown[]).push(0);
}));
add([325], "rest-api.md, Changing the world: /set without data is a 400 that says what to send (the reference crashed)", error(400, /^missing parameter 'data'/));
add([326], 'rest-api.md, Changing the world: built-ins (everything under ecs) cannot be disabled: 403, or 404 when ecs.monitor does not exist (the reference crashed)', (o, run) => {
  if (run.world.lookup('ecs.monitor')) assertError(o, 403, /built in/);
  else assertError(o, 404, /'(flecs|ecs)\/monitor'/);
});
add([341], 'rest-api.md, Changing the world: no stale reads (the reply cache never serves a stale value): Sun shows the Disabled added by 339', sameAs((b, run) => {
  (b.ids as string[][]).push([run.mode === 'contract' ? 'ecs.core.Disabled' : 'flecs.core.Disabled']);
  (b.values as unknown[]).push(0);
}));

/** Deviations by capture number. */
export const DEVIATIONS: Readonly<Record<number, Deviation>> = table;
