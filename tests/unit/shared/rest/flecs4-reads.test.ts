/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads replies as parsed JSON of known shape */
// The Flecs 4 dialect's reads on the reference world, each reply whole where it is a sentence:
// named and written queries and their errors (with try), GET /component, GET /world's selection,
// statistics and the command recorder's refusals, and expressions printed in flecs names.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { runApp } from '../../../../src/shared/app';
import { addSystem } from '../../../../src/shared/pipeline';
import { defineQuery } from '../../../../src/shared/query';
import { createRouter } from '../../../../src/shared/rest';
import { setup } from './helpers';

const NOT_FOUND = "entity 'Nowhere' not found: levels are separated by '/', names are case sensitive, and a level of digits is an entity id";

describe('GET /query', () => {
  test('by name: a named query of the world; an unknown name is a 404, or a 200 carrying the error with try', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.get('/query?name=Planets').json.results.map((r: any) => r.name).sort()).toEqual(['Earth', 'Mars']);
    const why = "no named query 'NoSuch': give the path of a named query or system, or use expr=<expression>";
    expect(s.get('/query?name=NoSuch')).toMatchObject({ status: 404, json: { error: why } });
    expect(s.get('/query?name=NoSuch&try=true')).toMatchObject({ status: 200, json: { error: why } });
    expect(s.get('/query?name=Sun')).toMatchObject({ status: 404, json: { error: "no named query 'Sun': give the path of a named query or system, or use expr=<expression>" } });
  });
  test('by expression: missing, or a parse error with its position (a 200 with try)', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.get('/query')).toMatchObject({ status: 400, json: { error: "missing parameter 'expr': use /query?expr=<expression>, e.g. /query?expr=Position" } });
    const bad = { error: "unexpected character '+'\nPosition, +X\n          ^", position: 10 };
    expect(s.get('/query?expr=Position,%20%2BX')).toMatchObject({ status: 400, json: bad });
    expect(s.get('/query?expr=Position,%20%2BX&try=true')).toMatchObject({ status: 200, json: bad });
    expect(s.get('/query?expr=NoSuchThing').json).toEqual({ error: "unresolved identifier 'NoSuchThing'\nNoSuchThing\n^", position: 0 });
  });
});

describe('GET /component', () => {
  test('a value, null for a tag or an opaque component, and the refusals', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.get('/component/Sun/Earth?component=Velocity').json).toEqual({ x: 0, y: 0 });
    expect(s.get('/component/Sun/Earth?component=Planet')).toMatchObject({ status: 200, json: null });
    expect(s.get('/component/Sun/Earth?component=Opaque')).toMatchObject({ status: 200, json: null });
    expect(s.get('/component/Sun/Earth?component=Enemy')).toMatchObject({ status: 404, json: { error: "'Sun.Earth' has no 'Enemy'" } });
    expect(s.get('/component/flecs/core/World?component=Position')).toMatchObject({ status: 404, json: { error: "'flecs.core.World' has no 'Position'" } });
    expect(s.get('/component/Nowhere?component=Planet')).toMatchObject({ status: 404, json: { error: NOT_FOUND } });
    expect(s.get('/component/Sun/Earth?component=Nope')).toMatchObject({ status: 400,
      json: { error: "parameter 'component': 'Nope' names no entity; give a component path such as Position, or a pair as (Rel,Target)" } });
  });
  test('GET /type_info: a schema, 0 for a tag, 404 for nothing', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.get('/type_info/Position').json).toEqual({ x: ['float'], y: ['float'] });
    expect(s.get('/type_info/Planet').json).toBe(0);
    expect(s.get('/type_info/Nowhere')).toMatchObject({ status: 404, json: { error: NOT_FOUND } });
  });
});

describe('GET /world', () => {
  test('every entity of the app, disabled ones too; no prefab, built-in or module', () => {
    const s = setup({ compat: 'flecs-4' });
    s.world.add(s.world.entity('UserModule'), s.world.core.Module);
    const paths = s.get('/world').json.results.map((r: any) => (r.parent ? `${r.parent}.${r.name}` : r.name ?? `#${r.id}`));
    expect(paths).toEqual(expect.arrayContaining(['Sun', 'Sun.Earth', 'Sun.Earth.Moon', 'Ship1', 'Ship1.Engine', 'Position', 'Planet']));
    expect(paths).not.toContain('SpaceShip');
    expect(paths).not.toContain('SpaceShip.Engine');
    expect(paths).not.toContain('UserModule');
    expect(paths.filter((p: string) => p.startsWith('flecs') || p.startsWith('ecs'))).toEqual([]);
    // The disabled anonymous entities are in it (the 300 of the reference world, of which some are disabled).
    expect(s.world.isEnabled(s.anonymous[0]!)).toBe(false);
    const results = s.get('/world').json.results;
    expect(results.length).toBe(paths.length);
    expect(results.some((r: any) => r.tags?.includes('flecs.core.Disabled'))).toBe(true);
  });
});

describe('statistics and the command recorder', () => {
  test('unknown categories and pipelines; a trailing slash is the same category', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.get('/stats/nope')).toMatchObject({ status: 404, json: { error: "unknown statistics 'nope': use /stats/world or /stats/pipeline" } });
    expect(s.get('/stats/pipeline?name=Other')).toMatchObject({ status: 400, json: { error: "parameter 'name' must be 'all' (this world has one pipeline), got 'Other'" } });
    // The reference world runs without the monitor: the category is known, the statistics are not kept.
    expect(s.get('/stats/world/').json.error).toMatch(/^statistics need the monitor module/);
  });
  test('a disabled system is shown disabled in the pipeline statistics', () => {
    const world = new World();
    const app = runApp(world, { target_fps: 60, manual: true, enable_monitor: true, args: ['P'] });
    world.component('Position', { x: 'f32' });
    const off = addSystem(world, 'Off', { query: 'Position', run: () => {} });
    addSystem(world, 'On', { query: 'Position', run: () => {} });
    world.disable(off);
    app.step(1 / 60);
    const router = createRouter(world, { compat: 'flecs-4', app });
    const systems = JSON.parse(router.route('GET', '/stats/pipeline?name=all&period=1s').body);
    expect(systems.filter((x: any) => x.name === 'Off' || x.name === 'On').map((x: any) => [x.name, x.disabled])).toEqual([['Off', true], ['On', false]]);
  });
  test('frames: not a number, not recorded', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.get('/commands/frame/abc')).toMatchObject({ status: 400, json: { error: "frame 'abc' is not a frame number: use /commands/capture, then /commands/frame/<frame>" } });
    expect(s.get('/commands/frame/99999')).toMatchObject({ status: 404,
      json: { error: 'frame 99999 is not recorded: frames of the last minute are kept; ask /commands/capture for the latest' } });
  });
});

describe('expressions in flecs names', () => {
  test('/queries prints ecs.* identifiers as flecs.*, but not inside strings or other names', () => {
    const s = setup({ compat: 'flecs-4' });
    const specs = s.world.entity('specs');
    s.world.entity({ name: 'x', parent: specs });
    defineQuery(s.world, 'Wired', 'Position, ?ecs.core.Disabled, $this ~= "a ecs.x", !specs.x');
    expect(s.get('/queries').json.find((q: any) => q.name === 'Wired').expr).toBe('Position, ?flecs.core.Disabled, $this ~= "a ecs.x", !specs.x');
  });
});

describe('GET /entity sections', () => {
  test('inherited: each base with the components the entity does not override, without the Prefab tag and IsA pairs', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.get('/entity/Ship1?inherited=true&values=true').json.inherited).toEqual({ SpaceShip: { components: { Position: { x: 1, y: 2 } } } });
    expect(s.get('/entity/Ship1?inherited=true&values=false').json.inherited).toEqual({ SpaceShip: { components: { Position: null } } });
    // Overriding Position too leaves the base nothing to show.
    s.put(`/component/Ship1?component=Position&value=${encodeURIComponent('{"x":9}')}`);
    expect(s.get('/entity/Ship1?inherited=true').json.inherited).toEqual({ SpaceShip: {} });
  });
  test('doc, alerts and matches on request, in the reference order', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.get('/entity/Ship1?doc=true&matches=true&alerts=true').json).toEqual({
      name: 'Ship1', doc: { label: 'Ship "one"' }, tags: ['Enemy'], pairs: { 'flecs.core.IsA': 'SpaceShip', Eats: 'Pears' },
      components: { Velocity: { x: 5, y: 6 }, '(flecs.doc.Description,flecs.core.Name)': { value: 'Ship "one"' } },
      alerts: [], matches: ['Move', 'SpaceShips', 'EatsQuery'],
    });
    expect(Object.keys(s.get('/entity/Ship1').json)).toEqual(['name', 'tags', 'pairs', 'components']);
  });
});

describe('names and ids as Flecs 4 prints them', () => {
  test('several targets of one relationship are an array; one target is a string', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.get('/entity/Sun/Earth/Moon').json.pairs).toEqual({ Eats: ['Apples', 'Pears'] });
    expect(s.get('/entity/Sun/Earth').json.pairs).toEqual({ Eats: 'Apples' });
  });
  test('a variable id that is not a pair is a one-element array', () => {
    const s = setup({ compat: 'flecs-4' });
    const r = s.get(`/query?expr=${encodeURIComponent('Planet, $t, $this ~= "Mars"')}`).json.results;
    expect(r.map((x: any) => [x.vars.t, x.fields.ids])).toEqual([['Position', [0, ['Position'], 0]], ['Mass', [0, ['Mass'], 0]], ['Planet', [0, ['Planet'], 0]]]);
  });
  test('the root module is flecs, in paths and labels; an anonymous entity is #id', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.get('/entity/flecs?doc=true').json).toMatchObject({ name: 'flecs', doc: { label: 'flecs' } });
    const modules = s.get(`/query?expr=${encodeURIComponent('flecs.core.Module, (ChildOf, 0)')}&doc=true`).json.results;
    expect(modules.find((m: any) => m.name === 'flecs')).toEqual({ name: 'flecs', doc: { label: 'flecs' }, fields: {} });
    expect(s.get(`/entity/${s.anonymous[0]}?doc=true`).json).toMatchObject({ name: `#${s.anonymous[0]}`, doc: { label: `#${s.anonymous[0]}` } });
  });
});
