/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads replies as parsed JSON of known shape */
// The Flecs 4 dialect (--compat flecs-4) on the demo world: each request kind today's Flecs
// explorer sends is answered in the reference's shape (keys, nesting, value types), and writes
// change the world as the explorer expects.
import { beforeEach, describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { runApp, type App } from '../../../../src/shared/app';
import { createRouter, type Router } from '../../../../src/shared/rest';
import { createDemo } from '../../../../src/main/sim';
import { pipelineOf } from '../../../../src/shared/pipeline';

let world: World, app: App, router: Router;

function get(url: string, method = 'GET'): { status: number; json: any } {
  const r = router.route(method, url);
  return { status: r.status, json: r.body === '' ? undefined : JSON.parse(r.body) };
}

beforeEach(() => {
  world = new World();
  app = runApp(world, { target_fps: 60, enable_monitor: true, manual: true, time_control: true, args: ['Demo', '--title', 'Demo'] });
  createDemo(world, { asteroids: 20 });
  router = createRouter(world, { compat: 'flecs-4', app });
  for (let i = 0; i < 3; i++) app.step(1 / 60);
});

describe('Flecs 4 dialect: GET /entity', () => {
  test('the heartbeat (flecs/core/World?values=true&label=true) answers parent, name and the WorldSummary', () => {
    const r = get('/entity/flecs/core/World?values=true&label=true');
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).slice(0, 2)).toEqual(['parent', 'name']);
    expect(r.json.parent).toBe('flecs.core');
    expect(r.json.name).toBe('World');
    const summary = r.json.components['flecs.stats.WorldSummary'];
    expect(summary.target_fps).toBe(60);
    expect(summary.entity_count).toBe(world.entities.aliveCount);
    expect(summary.build_info.version_major).toBe(4);
    // The overview's per-frame counts: the systems the last frame ran (the demo's ten), no observers.
    expect(summary.systems_ran_frame).toBe(pipelineOf(world).last.systemsRan);
    expect(summary.systems_ran_frame).toBeGreaterThan(5);
    expect(summary.observers_ran_frame).toBe(0);
    expect(Number.isInteger(summary.command_count_frame)).toBe(true);
    expect(r.json.components['(flecs.doc.Description,flecs.core.Name)']).toEqual({ value: 'Demo' });
  });
  test("the inspector's request: type_info first, id, tags, pairs and components keyed by id with values", () => {
    const r = get('/entity/Sun/Earth?try=true&values=true&entity_id=true&full_paths=true&type_info=true&private=true&inherited=true&matches=false&alerts=false');
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['type_info', 'parent', 'name', 'id', 'tags', 'components']);
    expect(r.json.parent).toBe('Sun');
    expect(r.json.id).toBe(world.lookup('Sun.Earth'));
    expect(r.json.tags).toEqual(expect.arrayContaining(['Planet', 'Renderable']));
    const pos = world.get<Record<string, number>>(world.lookup('Sun.Earth'), world.lookup('Position'))!;
    for (const k of ['x', 'y', 'z']) expect(r.json.components.Position[k]).toBeCloseTo(pos[k]!, 5);
    expect(r.json.type_info.Position).toEqual({ x: ['float'], y: ['float'], z: ['float'] });
    expect(r.json.type_info.Rotation.yaw[1].unit).toBe('flecs.units.Angle.Radians');
  });
  test('an instance shows its IsA base in pairs and the base in inherited', () => {
    const r = get('/entity/Ship1?inherited=true');
    expect(r.json.pairs['flecs.core.IsA']).toBe('SpaceShip');
    expect(Object.keys(r.json.inherited)).toEqual(['SpaceShip']);
  });
  test('WorldMemory, which the overview reads, is computed; a path that names nothing is a 404', () => {
    expect(get('/entity/flecs/stats/WorldMemory?try=true&values=true').json.components['flecs.stats.WorldMemory'].tables.count).toBe(world.tables.size);
    expect(get('/entity/Nowhere').status).toBe(404);
  });
});

describe('Flecs 4 dialect: GET /query', () => {
  test("the explorer's tree query (Flecs 4 syntax) answers one result per root with id, doc, vars and fields", () => {
    const expr = ' [none] ?flecs.core.Module,[none] ?flecs.core.Component,[none] ?flecs.core.Relationship,[none] ?flecs.core.Trait,[none] ?flecs.core.Target,[none] ?flecs.core.Query,[none] ?flecs.core.Prefab,[none] ?flecs.core.Disabled,[none] ?flecs.core.ChildOf(_,$this),[none] ?flecs.core.IsA($this,$base|self),(flecs.core.ChildOf,#0)';
    const r = get(`/query?try=true&rows=true&limit=1000&doc=true&entity_ids=true&expr=${encodeURIComponent(expr)}`);
    expect(r.status).toBe(200);
    const flecs = r.json.results.find((x: any) => x.name === 'flecs');
    expect(Object.keys(flecs)).toEqual(['name', 'id', 'doc', 'vars', 'fields']);
    expect(flecs.vars).toEqual({ base: '*' });
    expect(flecs.fields.is_set).toHaveLength(11);
    expect(flecs.fields.is_set[0]).toBe(true); // a module
    expect(flecs.fields.ids[8]).toEqual(['flecs.core.ChildOf', 'flecs']);
    expect(r.json.results.some((x: any) => x.parent !== undefined)).toBe(false);
  });
  test('values come per field; an equality is a field of its own; try answers a bad query with 200 and the error', () => {
    const r = get(`/query?expr=${encodeURIComponent('Position,$this ~= "Earth",?Velocity')}`);
    const earth = r.json.results.find((x: any) => x.name === 'Earth');
    expect(earth.fields.is_set).toEqual([true, true, false]);
    expect(earth.fields.values[0].x).toBeCloseTo(world.get<{ x: number }>(world.lookup('Sun.Earth'), world.lookup('Position'))!.x, 5);
    expect(earth.fields.values.slice(1)).toEqual([0, 0]);
    expect(get('/query?try=true&expr=Position,(').status).toBe(200);
    expect(get(`/query?expr=${encodeURIComponent('Position(up ChildOf)')}`).status).toBe(200);
    expect(get('/query?try=true&expr=Position,(').json.error).toMatch(/\(/);
    expect(get('/query?expr=Position,(').status).toBe(400);
  });
  test('query_info, field_info, query_plan and query_profile are added on request, in the reference order', () => {
    const r = get('/query?query_info=true&field_info=true&query_plan=true&query_profile=true&expr=flecs.core.Module,(ChildOf,$p),flecs.core.Module($p)');
    expect(Object.keys(r.json)).toEqual(['field_info', 'query_info', 'query_plan', 'query_profile', 'results']);
    expect(r.json.field_info[1]).toEqual({ id: '(flecs.core.ChildOf,*)', exclusive: true });
    expect(r.json.query_info.vars).toEqual(['this', 'p']);
    expect(r.json.query_info.terms[1].second).toEqual({ var: 'p' });
    expect(typeof r.json.query_plan).toBe('string');
    expect(r.json.query_profile.result_count).toBeGreaterThan(0);
  });
  test('offset and limit page by entities (default 1000)', () => {
    const all = get('/query?expr=Position').json.results.length;
    expect(all).toBeGreaterThan(20);
    expect(get('/query?expr=Position&limit=5').json.results).toHaveLength(5);
    expect(get('/query?expr=Position&offset=3&limit=2').json.results.map((x: any) => x.name))
      .toEqual(get('/query?expr=Position').json.results.slice(3, 5).map((x: any) => x.name));
  });
});

describe('Flecs 4 dialect: writes', () => {
  test('PUT /component writes only the members given; GET /component reads them back; DELETE removes', () => {
    const earth = world.lookup('Sun.Earth'), Spin = world.lookup('Spin');
    expect(get('/component/Sun/Earth?component=Spin&value=%7B%22speed%22%3A2.5%7D', 'PUT').status).toBe(200);
    expect((world.get(earth, Spin) as { speed: number }).speed).toBeCloseTo(2.5);
    expect(get('/component/Sun/Earth?component=Spin').json.speed).toBeCloseTo(2.5);
    expect(get('/component/Sun/Earth?component=Spin', 'DELETE').status).toBe(200);
    expect(world.has(earth, Spin)).toBe(false);
    expect(get('/component/Sun/Earth?component=Nothing', 'PUT').status).toBe(400);
  });
  test('PUT and DELETE /component keep the build rules: built-in ids that change what an entity is are refused; doc strings are values', () => {
    const mars = world.lookup('Sun.Mars');
    const before = get('/entity/Sun/Mars').json;
    for (const c of ['flecs.core.Component', 'flecs.core.Module', '(ChildOf,flecs.core)', '(IsA,flecs.core.World)']) {
      const r = get(`/component/Sun/Mars?component=${encodeURIComponent(c)}`, 'PUT');
      expect(r.status, c).toBe(403);
      expect(r.json.error, c).toMatch(/it is built in|its target is built in/);
    }
    // The refusal lists what may be changed, in the dialect's names.
    expect(get(`/component/Sun/Mars?component=flecs.core.Module`, 'PUT').json.error).toBe("cannot add 'flecs.core.Module': it is built in; of the built-ins only "
      + 'flecs.core.Disabled, flecs.core.Prefab, (flecs.core.ChildOf, …), (flecs.core.IsA, …), doc strings ((flecs.doc.Description, …)) and world settings can be changed here');
    // A query placeholder is no id: the store's 400 says so, not "built in".
    for (const c of ['_', '(ChildOf,*)']) {
      const r = get(`/component/Sun/Mars?component=${encodeURIComponent(c)}`, 'PUT');
      expect(r.status, c).toBe(400);
      expect(r.json.error, c).toContain('holds a query placeholder');
    }
    const unnamed = get(`/component/Sun/Mars?component=${encodeURIComponent('(flecs.core.Identifier,flecs.core.Name)')}`, 'DELETE');
    expect(unnamed.status).toBe(403);
    expect(get('/entity/Sun/Mars').json).toEqual(before);
    expect(world.isAlive(mars)).toBe(true);
    const brief = encodeURIComponent('(flecs.doc.Description,flecs.doc.Brief)');
    expect(get(`/component/Sun/Mars?component=${brief}&value=${encodeURIComponent('{"value":"red"}')}`, 'PUT').status).toBe(200);
    expect(world.doc(mars, 'brief')).toBe('red');
  });
  test('PUT /toggle disables and enables; DELETE /entity deletes; built-ins are refused', () => {
    const earth = world.lookup('Sun.Earth');
    expect(get('/toggle/Sun/Earth?enable=false', 'PUT').status).toBe(200);
    expect(world.isEnabled(earth)).toBe(false);
    expect(get('/entity/Sun/Earth?values=false').json.tags).toContain('flecs.core.Disabled');
    expect(get('/toggle/Sun/Earth?enable=true', 'PUT').status).toBe(200);
    expect(world.isEnabled(earth)).toBe(true);
    expect(get('/toggle/flecs/core/World?enable=false', 'PUT').status).toBe(403);
    expect(get('/entity/Sun/Earth', 'DELETE').status).toBe(200);
    expect(world.isAlive(earth)).toBe(false);
  });
  test('the overview sets target_fps through WorldSummary; 0 ("no target") is the host\'s own rate; out-of-range values change nothing', () => {
    const fps = (v: unknown) => get(`/component/flecs/core/World?component=flecs.stats.WorldSummary&value=${encodeURIComponent(JSON.stringify({ target_fps: v }))}`, 'PUT');
    expect(fps(30).status).toBe(200);
    expect(app.targetFps).toBe(30);
    // The explorer sends back the target it read; a Flecs world without a target reads 0.
    expect(fps(0).status).toBe(200);
    expect(app.targetFps).toBe(60);
    expect(fps(30).status).toBe(200);
    for (const bad of [1001, -1, 2.5, '30']) {
      const r = fps(bad);
      expect(r.status).toBe(400);
      expect(r.json.error).toContain(`target_fps must be a whole number from 1 to 1000, or 0 for the host's own rate, got ${JSON.stringify(bad)}`);
      expect(app.targetFps).toBe(30);
    }
  });
  test('time_scale through WorldSummary: outside 0 to 16 (17, -1, 1e9) is a 400 naming the range that changes nothing (issue 30)', () => {
    const put = (v: Record<string, unknown>) => get(`/component/flecs/core/World?component=flecs.stats.WorldSummary&value=${encodeURIComponent(JSON.stringify(v))}`, 'PUT');
    const scale = () => world.get<{ time_scale: number }>(world.core.World, world.lookup('ecs.app.TimeControl'))!.time_scale;
    expect(put({ time_scale: 0.5 }).status).toBe(200);
    expect(scale()).toBe(0.5);
    for (const bad of [17, -1, 1e9]) {
      const before = world.changeCount;
      const r = put({ time_scale: bad, target_fps: 30 });
      expect(r.status).toBe(400);
      expect(r.json.error).toContain(`expected a number from 0 to 16, got ${bad}`);
      expect(scale()).toBe(0.5);
      expect(app.targetFps).toBe(60);
      expect(world.changeCount).toBe(before);
    }
  });
  test('a malformed query is answered with the expression as sent (flecs names) and the position in it', () => {
    const expr = '[none] ?flecs.core.Module,(flecs.core.ChildOf,Nowhere)';
    const r = get(`/query?try=true&expr=${encodeURIComponent(expr)}`);
    expect(r.status).toBe(200);
    expect(r.json.error).toContain(expr);
    expect(r.json.error).not.toMatch(/(?<!fl)ecs\.core/);
    expect(r.json.position).toBe(expr.indexOf('Nowhere'));
  });
  test("the REST page's toggle without a component (component=) toggles the entity; a named component is refused", () => {
    const earth = world.lookup('Sun.Earth');
    expect(get('/toggle/Sun/Earth?enable=false&component=', 'PUT').status).toBe(200);
    expect(world.isEnabled(earth)).toBe(false);
    const r = get('/toggle/Sun/Earth?enable=true&component=Position', 'PUT');
    expect(r.status).toBe(400);
    expect(world.isEnabled(earth)).toBe(false);
  });
  test('PUT /entity creates by path; script and actions are a 501 with the reason', () => {
    expect(get('/entity/Sun/NewMoon', 'PUT').status).toBe(200);
    expect(world.lookup('Sun.NewMoon')).not.toBe(0);
    const s = get('/script/foo', 'PUT');
    expect(s.status).toBe(501);
    expect(s.json.error).toMatch(/not supported/);
  });
});

describe('Flecs 4 dialect: statistics, internals, commands', () => {
  test('stats/world and stats/pipeline in Flecs 4 shapes', () => {
    for (let i = 0; i < 70; i++) app.step(1 / 60);
    const w = get('/stats/world?try=true&period=1s').json;
    expect(w['entities.count'].avg).toHaveLength(60);
    const pl = get('/stats/pipeline?name=all&period=1s').json;
    expect(pl.length).toBeGreaterThan(0);
    expect(Object.keys(pl[0])).toEqual(['name', 'disabled', 'matched_table_count', 'matched_entity_count', 'time_spent']);
    expect(get('/stats/pipeline?name=Other').status).toBe(400);
  });
  test('without the monitor module: the same 404 as the contract, saying how to enable it', () => {
    const bare = new World();
    const bareApp = runApp(bare, { target_fps: 60, manual: true, args: ['Bare'] });
    bareApp.step(1 / 60);
    for (const compat of ['flecs-4', undefined] as const) {
      const r = createRouter(bare, { compat, app: bareApp }).route('GET', '/stats/world?period=1s');
      expect(r.status, compat).toBe(404);
      expect(JSON.parse(r.body).error, compat).toMatch(/^statistics need the monitor module, which is not enabled: .*--no-monitor.*importMonitor/);
    }
  });
  test('/components, /queries, /tables and /type_info list what the world has', () => {
    const comps = get('/components').json;
    expect(comps.find((c: any) => c.name === 'Position').type.size).toBeGreaterThan(0);
    expect(get('/queries').json.map((q: any) => q.name)).toContain('Move');
    expect(get('/tables').json).toHaveLength(world.tables.size);
    expect(get('/type_info/Position').json).toEqual({ x: ['float'], y: ['float'], z: ['float'] });
  });
  test('the commands systems queue are recorded per frame', () => {
    world.deferBegin();
    const e = world.entity({ name: 'Probe' });
    world.add(e, world.lookup('Planet'));
    world.deferEnd();
    const frame = get('/commands/capture').json.frame;
    expect(frame).toBe(app.frameCount);
    const syncs = get(`/commands/frame/${frame}`).json.syncs;
    expect(syncs.at(-1).commands).toContainEqual(expect.objectContaining({ kind: 'add', entity: 'Probe', id: 'Planet', is_alive: true }));
    expect(get('/commands/frame/x').status).toBe(400);
  });
  test('a method an endpoint does not answer is a 405 with Allow', () => {
    const r = router.route('PUT', '/query?expr=Position');
    expect(r.status).toBe(405);
    expect(r.headers?.Allow).toBe('GET');
  });
});
