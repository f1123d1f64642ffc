// The fuzz's commands: every MCP tool, the resources and sessions, every REST endpoint of the
// contract dialect and watches, each with valid and invalid arguments, on a few entities so that
// commands meet. A write's answer (refused or not) is predicted by the model and updates it; a
// read of something the model knows is checked against it. wait_for calls stay pending while
// later commands run (and change what they wait on); a burst sends several reads at once on
// different sessions and REST.
import fc from 'fast-check';
import { BAD_PATHS, PLANETS, answerable, PROBE_NAMES, PROBE_PARENT, QUERIES, SCALES, enabledCounts, exists, forget, known, type FuzzModel, type FuzzQuery } from './fuzz-model';
import { SESSIONS, type FuzzHost, type ToolAnswer } from './fuzz-host';

/** One thing a command does; `write` when it may change what the model tracks. */
interface Act {
  readonly label: string;
  readonly write: boolean;
  run(m: FuzzModel, r: FuzzHost): Promise<void>;
}

/** A fuzz command: one act, then the invariants. */
class Step implements fc.AsyncCommand<FuzzModel, FuzzHost> {
  constructor(private readonly act: Act) {}
  check(): boolean { return true; }
  async run(m: FuzzModel, r: FuzzHost): Promise<void> {
    await this.act.run(m, r);
    await r.invariants();
  }
  toString(): string { return this.act.label; }
}

/** Several reads at once (different sessions and REST), then the invariants. */
class Burst implements fc.AsyncCommand<FuzzModel, FuzzHost> {
  constructor(private readonly acts: readonly Act[]) {}
  check(): boolean { return true; }
  async run(m: FuzzModel, r: FuzzHost): Promise<void> {
    await Promise.all(this.acts.map((a) => a.run(m, r)));
    await r.invariants();
  }
  toString(): string { return `burst[${this.acts.map((a) => a.label).join(' | ')}]`; }
}

const PROBES = PROBE_NAMES.map((n) => `${PROBE_PARENT}.${n}`);
/** Planets commands act on: three of eight, so they meet. */
const SOME_PLANETS = PLANETS.slice(1, 4);
/** Paths a read or a write may name. */
const anyPath = fc.constantFrom('Sun', ...SOME_PLANETS, ...PROBES, ...BAD_PATHS);
/** Paths a delete may name (never the Sun, whose planets the model keeps). */
const deletable = fc.constantFrom(...SOME_PLANETS, ...PROBES, ...BAD_PATHS);
const slot = fc.integer({ min: 0, max: SESSIONS - 1 });
const query = fc.constantFrom(...QUERIES);
const scale = fc.constantFrom(...SCALES);

/** REST's form of a path (`Sun/Earth`). */
const urlPath = (p: string) => p.split('.').map(encodeURIComponent).join('/');
/** Whether a read of `path` is answered with the entity (the World entity is readable, not writable). */
const readable = (m: FuzzModel, path: string) => exists(m, path) || path === 'ecs.core.World';
/** Query arguments as tools and REST take them. */
const qArgs = (q: FuzzQuery) => ({ ...(q.q !== undefined ? { q: q.q } : {}), ...(q.name !== undefined ? { name: q.name } : {}), ...(q.vars !== undefined ? { vars: q.vars } : {}) });
const qString = (q: FuzzQuery) => new URLSearchParams(qArgs(q)).toString();

/** Fails unless the answer is a result when `ok`, an error when not. */
function expectTool(r: FuzzHost, label: string, ok: boolean, a: ToolAnswer): void {
  if (a.isError === ok) r.fail(`${label}: expected ${ok ? 'a result' : 'an error'}, got ${a.isError ? 'an error' : 'a result'}: ${a.text.slice(0, 300)}`);
}

/** Fails unless the REST status is 2xx when `ok`, 4xx when not. */
function expectRest(r: FuzzHost, label: string, ok: boolean, status: number, text: string): void {
  if ((status < 300) !== ok) r.fail(`${label}: expected ${ok ? 'success' : 'a refusal'}, got ${status}: ${text.slice(0, 300)}`);
}

/** The count a query's model knows, if it knows one. */
function modelCount(m: FuzzModel, q: FuzzQuery): number | undefined {
  const c = enabledCounts(m);
  return q.q === 'Planet' ? c.planets : q.q === `(ChildOf, ${PROBE_PARENT})` ? c.probes : undefined;
}

/** Checks what an entity reply says against the model (disabled flag, Scale of a probe). */
function checkEntity(r: FuzzHost, m: FuzzModel, label: string, path: string, reply: { ids?: string[][]; values?: unknown[] }): void {
  const k = known(m, path);
  if (!k || !reply.ids) return;
  const disabled = reply.ids.some((id) => id[0] === 'ecs.core.Disabled');
  if (disabled === k.enabled) r.fail(`${label}: the model has ${path} ${k.enabled ? 'enabled' : 'disabled'}, the reply ${JSON.stringify(reply.ids)}`);
  if (!m.probes.has(path) || !reply.values) return;
  const i = reply.ids.findIndex((id) => id.length === 1 && id[0] === 'Scale');
  const got = i < 0 ? undefined : (reply.values[i] as { value: number }).value;
  if (got !== k.scale) r.fail(`${label}: the model has Scale ${k.scale} on ${path}, the reply ${got}`);
}

// ---- MCP tools ----

const toolQuery = fc.record({ s: slot, q: query, limit: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }), offset: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }), values: fc.boolean() })
  .map(({ s, q, limit, offset, values }): Act => {
    const args = { ...qArgs(q), ...(limit !== undefined ? { limit } : {}), ...(offset !== undefined ? { offset } : {}), values };
    const label = `mcp${s} query ${JSON.stringify(args)}`;
    return { label, write: false, async run(m, r) {
      const a = await r.tool(s, 'query', args);
      expectTool(r, label, answerable(m, q), a);
      const want = modelCount(m, q);
      const total = (a.json as { total?: number } | undefined)?.total;
      if (want !== undefined && !a.isError && total !== want) r.fail(`${label}: total ${total}, the model counts ${want}`);
    } };
  });

const toolGet = fc.record({ s: slot, path: anyPath, values: fc.boolean() }).map(({ s, path, values }): Act => {
  const label = `mcp${s} get_entity ${path} values=${values}`;
  return { label, write: false, async run(m, r) {
    const a = await r.tool(s, 'get_entity', { path, values });
    expectTool(r, label, readable(m, path), a);
    if (!a.isError) checkEntity(r, m, label, path, a.json as never);
  } };
});

const toolSet = fc.record({ s: slot, path: anyPath, v: scale, good: fc.boolean() }).map(({ s, path, v, good }): Act => {
  const data = good ? { ids: [['Scale']], values: [{ value: v }] } : { ids: [['Scale'], ['Nope']], values: [{ value: v }, 0] };
  const label = `mcp${s} set_components ${path} ${JSON.stringify(data)}`;
  return { label, write: true, async run(m, r) {
    const ok = good && exists(m, path);
    expectTool(r, label, ok, await r.tool(s, 'set_components', { path, data }));
    if (ok && m.probes.has(path)) m.probes.get(path)!.scale = v;
  } };
});

const toolEnable = fc.record({ s: slot, path: anyPath, enabled: fc.boolean() }).map(({ s, path, enabled }): Act => {
  const label = `mcp${s} set_enabled ${path} ${enabled}`;
  return { label, write: true, async run(m, r) {
    const ok = exists(m, path);
    expectTool(r, label, ok, await r.tool(s, 'set_enabled', { path, enabled }));
    if (ok && known(m, path)) known(m, path)!.enabled = enabled;
  } };
});

const toolDelete = fc.record({ s: slot, path: deletable }).map(({ s, path }): Act => {
  const label = `mcp${s} delete_entity ${path}`;
  return { label, write: true, async run(m, r) {
    const ok = exists(m, path);
    expectTool(r, label, ok, await r.tool(s, 'delete_entity', { path }));
    if (ok) forget(m, path);
  } };
});

const toolExplain = fc.record({ s: slot, path: anyPath, q: query }).map(({ s, path, q }): Act => {
  const label = `mcp${s} explain_match ${path} ${JSON.stringify(qArgs(q))}`;
  return { label, write: false, async run(m, r) {
    expectTool(r, label, readable(m, path) && answerable(m, q), await r.tool(s, 'explain_match', { path, ...qArgs(q) }));
  } };
});

const toolSummary = slot.map((s): Act => ({ label: `mcp${s} world_summary`, write: false, async run(_m, r) {
  const a = await r.tool(s, 'world_summary', {});
  expectTool(r, this.label, true, a);
  if (typeof (a.json as { entities?: unknown }).entities !== 'number') r.fail(`${this.label}: no entity count in ${a.text.slice(0, 200)}`);
} }));

const toolStats = fc.record({ s: slot, category: fc.constantFrom('world', 'pipeline'), period: fc.constantFrom(undefined, '1s', '1m', '7s') })
  .map(({ s, category, period }): Act => ({ label: `mcp${s} stats ${category} ${period}`, write: false, async run(_m, r) {
    expectTool(r, this.label, period !== '7s', await r.tool(s, 'stats', { category, ...(period ? { period } : {}) }));
  } }));

const toolTime = fc.record({ s: slot, action: fc.constantFrom('pause', 'resume', 'step', 'scale'), frames: fc.integer({ min: 1, max: 5 }), scale: fc.constantFrom(undefined, 0.5, 1, 2, 17, -1) })
  .map(({ s, action, frames, scale: sc }): Act => {
    const args = { action, ...(action === 'step' ? { frames } : {}), ...(action === 'scale' && sc !== undefined ? { scale: sc } : {}) };
    return { label: `mcp${s} time_control ${JSON.stringify(args)}`, write: false, async run(_m, r) {
      const ok = action !== 'scale' || (sc !== undefined && sc >= 0 && sc <= 16);
      expectTool(r, this.label, ok, await r.tool(s, 'time_control', args));
    } };
  });

/** What wait_for waits on: mostly queries the planets and probes are members of, so later writes change them. */
const waitQuery = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERIES.filter((q) => q.q === 'Planet' || q.q === `(ChildOf, ${PROBE_PARENT})` || q.name === 'Planets')) }, { weight: 1, arbitrary: query });
const waitArgs = fc.record({
  q: waitQuery,
  path: fc.option(fc.constantFrom(...SOME_PLANETS, ...PROBES), { nil: undefined, freq: 3 }),
  values: fc.boolean(),
  bySeconds: fc.boolean(),
  frames: fc.integer({ min: 1, max: 120 }),
}).map(({ q, path, values, bySeconds, frames }) => ({ ...qArgs(q), ...(path ? { path } : values ? { values } : {}), ...(bySeconds ? { timeout_seconds: 1 } : { timeout_frames: frames }) }));

const toolWait = fc.record({ s: slot, args: waitArgs }).map(({ s, args }): Act => ({ label: `mcp${s} wait_for ${JSON.stringify(args)} (pending)`, write: false, async run(_m, r) {
  await r.startWait(s, args);
} }));

/** A wait_for on one entity, then a write that changes it (the path a frame hook answers from), by MCP or REST. */
const waitThenWrite = fc.record({ s: slot, w: slot, target: fc.constantFrom(...SOME_PLANETS, ...PROBES), how: fc.constantFrom('disable', 'enable', 'delete', 'scale'), viaMcp: fc.boolean(), frames: fc.integer({ min: 30, max: 120 }) })
  .map(({ s, w, target, how, viaMcp, frames }): Act => {
    const q = target.startsWith(PROBE_PARENT) ? `(ChildOf, ${PROBE_PARENT})` : 'Planet';
    const args = how === 'scale' ? { q: `Scale, $this == ${target}`, values: true, timeout_frames: frames } : { q, path: target, timeout_frames: frames };
    return { label: `mcp${s} wait_for ${JSON.stringify(args)} (pending), then ${viaMcp ? `mcp${w}` : 'REST'} ${how} ${target}`, write: true, async run(m, r) {
      await r.startWait(s, args);
      // Two frames for the call to open its watch before the write.
      await r.nextFrame(await r.nextFrame(await r.frame()));
      const ok = exists(m, target);
      if (how === 'scale') {
        const data = { ids: [['Scale']], values: [{ value: 2 }] };
        if (viaMcp) expectTool(r, this.label, ok, await r.tool(w, 'set_components', { path: target, data }));
        else { const res = await r.rest('PUT', `/set/${urlPath(target)}?data=${encodeURIComponent(JSON.stringify(data))}`); expectRest(r, this.label, ok, res.status, res.text); }
        if (ok && m.probes.has(target)) m.probes.get(target)!.scale = 2;
      } else if (how === 'delete') {
        if (viaMcp) expectTool(r, this.label, ok, await r.tool(w, 'delete_entity', { path: target }));
        else { const res = await r.rest('PUT', `/delete/${urlPath(target)}`); expectRest(r, this.label, ok, res.status, res.text); }
        if (ok) forget(m, target);
      } else {
        const enabled = how === 'enable';
        if (viaMcp) expectTool(r, this.label, ok, await r.tool(w, 'set_enabled', { path: target, enabled }));
        else { const res = await r.rest('PUT', `/${how}/${urlPath(target)}`); expectRest(r, this.label, ok, res.status, res.text); }
        if (ok) known(m, target)!.enabled = enabled;
      }
    } };
  });

const toolWaitCancelled = fc.record({ s: slot, args: waitArgs }).map(({ s, args }): Act => ({ label: `mcp${s} wait_for ${JSON.stringify(args)} cancelled`, write: false, async run(_m, r) {
  await r.cancelledWait(s, args);
} }));

const badTool = fc.record({ s: slot, which: fc.constantFrom(
  ['set_enabled', { path: 'Sun' }], ['query', { limit: -1, q: 'Planet' }], ['get_entity', {}], ['time_control', { action: 'rewind' }],
  ['wait_for', { q: 'Planet', timeout_frames: 0 }], ['no_such_tool', {}], ['set_components', { path: 'Sun', data: 'Scale' }],
) }).map(({ s, which: [name, args] }): Act => ({ label: `mcp${s} ${name} ${JSON.stringify(args)} (schema violation)`, write: false, async run(_m, r) {
  expectTool(r, this.label, false, await r.tool(s, name as string, args as Record<string, unknown>));
} }));

// ---- MCP resources and sessions ----

const uri = fc.constantFrom(...[...SOME_PLANETS, ...PROBES, 'Sun.Nowhere'].map((p) => `ecs://entity/${urlPath(p)}`), 'ecs://query/Planets', 'ecs://query/ShipsHeadingTo?vars=planet:Sun.Earth', 'ecs://query/Nope', 'ecs://nothing');
const uriOk = (m: FuzzModel, u: string) => {
  if (u.startsWith('ecs://entity/')) return exists(m, decodeURIComponent(u.slice('ecs://entity/'.length)).split('/').join('.'));
  return u === 'ecs://query/Planets' || (u.startsWith('ecs://query/ShipsHeadingTo') && exists(m, 'Sun.Earth'));
};

const resourceAct = fc.record({ s: slot, what: fc.constantFrom('read', 'subscribe', 'unsubscribe', 'list') as fc.Arbitrary<'read' | 'subscribe' | 'unsubscribe' | 'list'>, u: uri })
  .map(({ s, what, u }): Act => ({ label: `mcp${s} resources/${what} ${what === 'list' ? '' : u}`, write: false, async run(m, r) {
    const a = await r.resource(s, what, u);
    const ok = what === 'list' || what === 'unsubscribe' || uriOk(m, u);
    if (a.ok !== ok) r.fail(`${this.label}: expected ${ok ? 'a result' : 'an error'}, got ${a.text.slice(0, 300)}`);
  } }));

const endSession = slot.map((s): Act => ({ label: `mcp${s} session ends (DELETE /mcp)`, write: false, async run(_m, r) {
  await r.endSession(s);
} }));

// ---- REST ----

const restRead = fc.oneof(
  fc.record({ path: anyPath, matches: fc.boolean() }).map(({ path, matches }) => ({ target: `/entity/${urlPath(path)}?values=true${matches ? '&matches=true' : ''}`, ok: (m: FuzzModel) => readable(m, path), path })),
  fc.record({ q: query, limit: fc.integer({ min: 0, max: 20 }) }).map(({ q, limit }) => ({ target: `/query?${qString(q)}&limit=${limit}&count=true`, ok: (m: FuzzModel) => answerable(m, q), q })),
  fc.record({ path: anyPath, q: query }).map(({ path, q }) => ({ target: `/explain/${urlPath(path)}?${qString(q)}`, ok: (m: FuzzModel) => readable(m, path) && answerable(m, q) })),
  fc.record({ category: fc.constantFrom('world', 'pipeline', 'nope'), period: fc.constantFrom('1s', '1m', '7s') }).map(({ category, period }) => ({ target: `/stats/${category}?period=${period}`, ok: () => category !== 'nope' && period !== '7s' })),
  fc.constantFrom('/world', '/tables', '/openapi.json').map((target) => ({ target, ok: () => true })),
  fc.constantFrom('/nope', '/entity', '/query?q=Planet&limit=abc').map((target) => ({ target, ok: () => false })),
).map((req): Act => ({ label: `GET ${req.target}`, write: false, async run(m, r) {
  const res = await r.rest('GET', req.target);
  expectRest(r, this.label, req.ok(m), res.status, res.text);
  if (res.status !== 200) return;
  if ('path' in req && req.path) checkEntity(r, m, this.label, req.path, res.json as never);
  if ('q' in req && req.q) {
    const want = modelCount(m, req.q);
    if (want !== undefined && (res.json as { count: number }).count !== want) r.fail(`${this.label}: count ${(res.json as { count: number }).count}, the model counts ${want}`);
  }
} }));

const restWrite = fc.oneof(
  fc.record({ path: anyPath, on: fc.boolean() }).map(({ path, on }): Act => ({ label: `PUT /${on ? 'enable' : 'disable'}/${urlPath(path)}`, write: true, async run(m, r) {
    const res = await r.rest('PUT', `/${on ? 'enable' : 'disable'}/${urlPath(path)}`);
    expectRest(r, this.label, exists(m, path), res.status, res.text);
    if (res.status === 200 && known(m, path)) known(m, path)!.enabled = on;
  } })),
  deletable.map((path): Act => ({ label: `PUT /delete/${urlPath(path)}`, write: true, async run(m, r) {
    const res = await r.rest('PUT', `/delete/${urlPath(path)}`);
    expectRest(r, this.label, exists(m, path), res.status, res.text);
    if (res.status === 200) forget(m, path);
  } })),
  fc.record({ path: anyPath, v: scale, how: fc.constantFrom('set', 'component', 'bad') }).map(({ path, v, how }): Act => {
    const target = how === 'set' ? `/set/${urlPath(path)}?data=${encodeURIComponent(JSON.stringify({ ids: [['Scale']], values: [{ value: v }] }))}`
      : how === 'component' ? `/component/${urlPath(path)}?component=Scale&value=${encodeURIComponent(JSON.stringify({ value: v }))}`
        : `/set/${urlPath(path)}?data=${encodeURIComponent('{"ids":[["Scale"]],"values":[{"value":"big"}]}')}`;
    return { label: `PUT ${target}`, write: true, async run(m, r) {
      const res = await r.rest('PUT', target);
      const ok = how !== 'bad' && exists(m, path);
      expectRest(r, this.label, ok, res.status, res.text);
      if (ok && m.probes.has(path)) m.probes.get(path)!.scale = v;
    } };
  }),
  fc.constantFrom(...PROBE_NAMES).map((name): Act => ({ label: `PUT /entity/${PROBE_PARENT}/${name}`, write: true, async run(m, r) {
    const path = `${PROBE_PARENT}.${name}`;
    const res = await r.rest('PUT', `/entity/${PROBE_PARENT}/${name}`);
    expectRest(r, this.label, !m.probes.has(path), res.status, res.text);
    if (res.status === 200) m.probes.set(path, { enabled: true });
  } })),
  fc.record({ from: fc.constantFrom(...PROBE_NAMES), to: fc.constantFrom(...PROBE_NAMES, '12') }).map(({ from, to }): Act => ({ label: `PUT /rename/${PROBE_PARENT}/${from}?name=${to}`, write: true, async run(m, r) {
    const src = `${PROBE_PARENT}.${from}`, dst = `${PROBE_PARENT}.${to}`;
    const res = await r.rest('PUT', `/rename/${PROBE_PARENT}/${from}?name=${to}`);
    if (from === to) return; // renaming to its own name: either answer is fair, nothing moves
    expectRest(r, this.label, m.probes.has(src) && !m.probes.has(dst) && to !== '12', res.status, res.text);
    if (res.status === 200) { m.probes.set(dst, m.probes.get(src)!); m.probes.delete(src); }
  } })),
  fc.constant<Act>({ label: 'POST /query (405)', write: false, async run(_m, r) {
    const res = await r.rest('POST', '/query?q=Planet');
    if (res.status !== 405) r.fail(`POST /query answered ${res.status}, not 405`);
  } }),
);

const openWatchAct = (
  fc.constantFrom('/watch/query?q=Planet', `/watch/query?q=${encodeURIComponent(`(ChildOf, ${PROBE_PARENT})`)}&values=true`, '/watch/entity/Sun/Earth', `/watch/entity/${PROBE_PARENT}/P1`, '/watch/query?q=Nope')
    .map((t): Act => ({ label: `open ${t}`, write: false, async run(_m, r) { await r.watch(t); } }))
);
const closeWatchAct = fc.constant<Act>({ label: 'close the oldest watch', write: false, async run(_m, r) { r.closeWatch(); } });

/** The world as /world lists it agrees with the queries and with the model. */
const checkWorld = fc.constant<Act>({ label: 'check /world against queries and the model', write: false, async run(m, r) {
  const world = (await r.rest('GET', '/world')).json as { results: { ids: string[][]; entities: unknown[] }[] };
  const count = (has: (ids: string[][]) => boolean) => world.results
    .filter((t) => has(t.ids) && !t.ids.some((id) => id[0] === 'ecs.core.Disabled' || id[0] === 'ecs.core.Prefab'))
    .reduce((n, t) => n + t.entities.length, 0);
  const inWorld = {
    planets: count((ids) => ids.some((id) => id.length === 1 && id[0] === 'Planet')),
    probes: count((ids) => ids.some((id) => id[0] === 'ecs.core.ChildOf' && id[1] === PROBE_PARENT)),
  };
  const byQuery = {
    planets: ((await r.rest('GET', '/query?q=Planet&count=true&limit=1')).json as { count: number }).count,
    probes: ((await r.rest('GET', `/query?q=${encodeURIComponent(`(ChildOf, ${PROBE_PARENT})`)}&count=true&limit=1`)).json as { count: number }).count,
  };
  const model = enabledCounts(m);
  if (JSON.stringify(inWorld) !== JSON.stringify(byQuery) || JSON.stringify(byQuery) !== JSON.stringify(model)) {
    r.fail(`the world disagrees: /world counts ${JSON.stringify(inWorld)}, queries ${JSON.stringify(byQuery)}, the model ${JSON.stringify(model)}`);
  }
} });

const reads = fc.oneof(toolQuery, toolGet, toolExplain, toolSummary, toolStats, restRead, resourceAct.filter((a) => !a.label.includes('subscribe')));

/** Every command of the fuzz, weighted toward the tools and writes that meet pending waits. */
export function fuzzCommands(maxCommands: number): fc.Arbitrary<Iterable<fc.AsyncCommand<FuzzModel, FuzzHost>>> {
  const step = (a: fc.Arbitrary<Act>) => a.map((x) => new Step(x));
  return fc.commands([
    step(toolQuery), step(toolGet), step(toolSet), step(toolEnable), step(toolDelete), step(toolExplain), step(toolSummary),
    step(toolStats), step(toolTime), step(toolWait), step(waitThenWrite), step(waitThenWrite), step(toolWaitCancelled), step(badTool),
    step(resourceAct), step(endSession),
    step(restRead), step(restWrite), step(restWrite), step(openWatchAct), step(closeWatchAct), step(checkWorld),
    fc.array(reads, { minLength: 2, maxLength: 4 }).map((acts) => new Burst(acts)),
  ], { maxCommands, size: 'max' });
}
