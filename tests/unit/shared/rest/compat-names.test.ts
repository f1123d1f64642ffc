// The reference's names in compat mode: a client written for the reference (its explorer) asks
// for `flecs.core.World`, `flecs/core/World` in paths, `flecs.*` in query expressions, /set data
// and vars, and reads `flecs.*` back in every reply. Contract mode keeps `ecs.*` and answers the
// reference's names with 404. User entities whose names merely look like a module keep them.
import { describe, expect, test } from 'vitest';
import { defineAlert, importMonitor } from '../../../../src/shared/monitor';
import { createRouter } from '../../../../src/shared/rest';
import { buildReferenceWorld } from '../../../fixtures/reference-world';
import { data } from './helpers';

function worlds() {
  const ref = buildReferenceWorld();
  const w = ref.world;
  importMonitor(w, ref.app);
  // An entity member and a member with a unit, to see names inside values and type_info.
  w.component('Watches', { who: 'entity' });
  w.component('Timer', { left: { type: 'f32', unit: 'ecs.units.Duration.Seconds' } });
  // Names that look like the module but are not under it.
  w.entity({ name: 'flecsy' });
  w.entity({ name: 'ecsy' });
  w.entity({ name: 'flecs', parent: w.lookup('Sun') });
  w.entity({ name: 'ecs', parent: w.lookup('Sun') });
  defineAlert(w, 'Heavy', { query: 'Mass', message: '$this is heavy', severity: 'Warning' });
  for (let i = 0; i < 3; i++) ref.app.step(1 / 60);
  const call = (router: ReturnType<typeof createRouter>) => (method: string, url: string) => {
    const r = router.route(method, url);
    return { status: r.status, text: r.body, json: JSON.parse(r.body) as Record<string, unknown> & { results: Record<string, unknown>[] } };
  };
  return { world: w, compat: call(createRouter(w, { compat: 'flecs-3.2' })), contract: call(createRouter(w)) };
}

/** True when a reply text names some entity under the world's own module root (`"ecs.…"`). */
const namesEcs = (text: string) => /"ecs\.|\(ecs\./.test(text);

describe('compat mode reads and prints the reference names (flecs.*)', () => {
  test("the 3.2 explorer's heartbeat: GET /entity/flecs/core/World answers the World in flecs names", () => {
    const { compat, world } = worlds();
    const r = compat('GET', '/entity/flecs/core/World?values=true&label=true&id_labels=true&type_info=true');
    expect(r.status).toBe(200);
    expect(r.json.path).toBe('flecs.core.World');
    expect(r.json.label).toBe(world.label(world.lookup('ecs.core.World'))); // its doc name, the app's title
    expect(namesEcs(r.text)).toBe(false);
    const ids = (r.json.ids as string[][]).map((id) => id.join());
    expect(ids).toContain('flecs.monitor.WorldSummary');
    expect(ids).toContain('flecs.rest.Rest');
    // Units in type_info are named in the dialect too.
    expect(r.text).toContain('"unit":"flecs.units.Duration.Seconds"');
    expect(r.text).toContain('"quantity":"flecs.units.Duration"');
    // The dotted form and the world's own spelling name the same entity.
    expect(compat('GET', '/entity/flecs.core.World').status).toBe(404); // levels are separated by '/'
    expect(compat('GET', '/entity/ecs/core/World').json.path).toBe('flecs.core.World');
    expect(world.lookup('ecs.core.World')).toBeGreaterThan(0);
  });

  test('the root module itself is flecs: its path, label and name in query results', () => {
    const { compat } = worlds();
    const root = compat('GET', '/entity/flecs?label=true');
    expect(root.json).toMatchObject({ path: 'flecs', label: 'flecs' });
    const modules = compat('GET', '/query?q=Module&entity_labels=true');
    const flat = modules.json.results.flatMap((r) => (r.entities as string[]).map((e) => (r.parent ? `${String(r.parent)}.${e}` : e)));
    expect(flat).toEqual(expect.arrayContaining(['flecs', 'flecs.core', 'flecs.doc', 'flecs.meta', 'flecs.alerts', 'flecs.metrics', 'flecs.monitor', 'flecs.units']));
    expect(namesEcs(modules.text)).toBe(false);
    expect(modules.text).not.toContain('"ecs"');
  });

  test('query expressions, term ids, type_info keys, vars and named queries take and print flecs names', () => {
    const { compat } = worlds();
    const q = compat('GET', `/query?q=${encodeURIComponent('flecs.monitor.WorldSummary, (ChildOf, flecs.core)')}&term_ids=true&ids=true&type_info=true&values=true&limit=1`);
    expect(q.status).toBe(200);
    expect(q.json.ids).toEqual([['flecs.monitor.WorldSummary'], ['flecs.core.ChildOf', 'flecs.core']]);
    expect(Object.keys(q.json.type_info as object)).toEqual(['flecs.monitor.WorldSummary', '(flecs.core.ChildOf,flecs.core)']);
    expect(q.json.results).toEqual([expect.objectContaining({ parent: 'flecs.core', entities: ['World'] })]);
    const vars = compat('GET', `/query?q=${encodeURIComponent('(ChildOf, $m), Module')}&vars=m:flecs&variable_labels=true`);
    expect(vars.json.results.map((r) => r.parent)).toEqual(vars.json.results.map(() => 'flecs'));
    expect(vars.json.results[0]!.vars).toEqual(['flecs']);
    expect(vars.json.results[0]!.var_labels).toEqual(['flecs']);
    // A parse error points into the text as written.
    const bad = compat('GET', `/query?q=${encodeURIComponent('Position, flecs.core.NoSuch')}`);
    expect(bad.status).toBe(400);
    expect(bad.json.position).toBe(10);
  });

  test('/set takes flecs names in ids and entity values, and /entity prints them back', () => {
    const { compat, contract } = worlds();
    const payload = { ids: [['Watches'], ['flecs.doc.Description', 'flecs.core.Name']], values: [{ who: 'flecs.core.World' }, { value: 'Fourth' }] };
    expect(compat('PUT', `/set/Sun/Mars?data=${data(payload)}`).status).toBe(200);
    const mars = compat('GET', '/entity/Sun/Mars?values=true&label=true&private=true');
    expect(mars.json.label).toBe('Fourth');
    const ids = mars.json.ids as string[][];
    expect((mars.json.values as unknown[])[ids.findIndex((id) => id.join() === 'Watches')]).toEqual({ who: 'flecs.core.World' });
    expect(ids.map((id) => id.join())).toContain('flecs.doc.Description,flecs.core.Name');
    // The same world through the contract: the world's own names.
    const same = contract('GET', '/entity/Sun/Mars?values=true');
    expect((same.json.values as unknown[])[(same.json.ids as string[][]).findIndex((id) => id.join() === 'Watches')]).toEqual({ who: 'ecs.core.World' });
    // Writes to built-ins are refused in the dialect's names.
    const refused = compat('PUT', '/disable/flecs/core/World');
    expect(refused.status).toBe(403);
    expect(refused.json.error).toContain("'flecs.core.World'");
  });

  test('stats, alerts, /world and /tables print flecs names', () => {
    const { compat } = worlds();
    const pipeline = compat('GET', '/stats/pipeline?period=1s').json as unknown as { name?: string }[];
    const systems = pipeline.flatMap((e) => (e.name === undefined ? [] : [e.name]));
    expect(systems).toContain('flecs.alerts.MonitorAlerts');
    expect(systems.some((s) => s.startsWith('ecs.'))).toBe(false);
    const alerts = compat('GET', `/query?q=${encodeURIComponent('flecs.alerts.Instance, (ChildOf, $Alert), (flecs.alerts.Alert, $Severity)')}`);
    expect(alerts.json.results[0]).toMatchObject({ vars: ['Heavy', 'flecs.alerts.Warning'] });
    const tables = compat('GET', '/tables');
    expect(tables.text).toContain('"flecs.core.Component"');
    expect(namesEcs(tables.text)).toBe(false);
    expect(namesEcs(compat('GET', '/world').text)).toBe(false);
  });

  test('user entities whose names start with flecs or ecs keep them', () => {
    const { compat } = worlds();
    expect(compat('GET', '/entity/flecsy').json.path).toBe('flecsy');
    expect(compat('GET', '/entity/ecsy').json.path).toBe('ecsy');
    expect(compat('GET', '/entity/Sun/flecs?label=true').json).toMatchObject({ path: 'Sun.flecs', label: 'flecs' });
    expect(compat('GET', '/entity/Sun/ecs?label=true').json).toMatchObject({ path: 'Sun.ecs', label: 'ecs' });
    const children = compat('GET', `/query?q=${encodeURIComponent('(ChildOf, Sun)')}`);
    expect(children.text).toContain('"flecs"');
    expect(children.text).toContain('"ecs"');
  });
});

describe('contract mode keeps ecs.*', () => {
  test('flecs.core.World is unknown (404) and replies print ecs.*', () => {
    const { contract } = worlds();
    const r = contract('GET', '/entity/flecs/core/World');
    expect(r.status).toBe(404);
    expect(r.json.error).toContain("'flecs/core/World' not found");
    const world = contract('GET', '/entity/ecs/core/World?values=true&type_info=true');
    expect(world.json.path).toBe('ecs.core.World');
    expect(world.text).toContain('"ecs.monitor.WorldSummary"');
    expect(world.text).toContain('"unit":"ecs.units.Duration.Seconds"');
    expect(world.text).not.toContain('flecs.');
    const q = contract('GET', `/query?q=${encodeURIComponent('flecs.core.Prefab')}`);
    expect(q.status).toBe(400);
    expect(q.json.error).toMatch(/unresolved identifier 'flecs\.core\.Prefab'/);
    expect(contract('GET', '/query?q=Module').text).toContain('"entities":["ecs"]');
  });
});

describe("the 3.2 explorer's alerts table", () => {
  // Its alerts panel sends this query (severity `*`, or flecs.alerts.Error with "Show warnings"
  // off; `!Disabled` with "Show expired" off) and colours each row from vars[0] (the severity)
  // and is_set[7] (the eighth term, ?Disabled): the comparison counts as a term, as in the reference.
  const alertQuery = (severity: string) => ['flecs.metrics.Source', 'flecs.alerts.Instance', 'flecs.metrics.Value', '$Severity()',
    '(ChildOf, $Alert)', `$Severity == ${severity}`, '(flecs.alerts.Alert, $Severity)', '?Disabled'].join(', ');
  const options = 'term_ids=true&ids=true&sources=true&entity_labels=true&entity_ids=true&variable_labels=true&type_info=true&colors=true&duration=true&values=true&is_set=true';

  test('every array aligned with the terms has eight elements; the comparison holds, carries no value', () => {
    const { compat } = worlds();
    const r = compat('GET', `/query?q=${encodeURIComponent(alertQuery('*'))}&${options}`);
    expect(r.status).toBe(200);
    expect(r.json.ids).toHaveLength(8);
    expect((r.json.ids as unknown[])[5]).toEqual(['==', '*']);
    expect(r.json.vars).toEqual(['Severity', 'Alert']);
    expect(r.json.results.length).toBeGreaterThan(0);
    for (const res of r.json.results) {
      for (const k of ['ids', 'sources', 'is_set', 'values']) expect(res[k], k).toHaveLength(8);
      const [severity, alert] = res.vars as string[];
      expect(['flecs.alerts.Info', 'flecs.alerts.Warning', 'flecs.alerts.Error']).toContain(severity);
      expect(alert).toBe('Heavy');
      expect((res.is_set as boolean[])[5]).toBe(true);
      expect((res.is_set as boolean[])[7]).toBe(false);
      expect((res.values as unknown[])[5]).toBe(0);
      expect((res.sources as unknown[])[5]).toBe(severity);
      expect((res.values as { message: string }[][])[1]!.every((v) => v.message.endsWith(' is heavy'))).toBe(true);
    }
    // "Show warnings" off: only errors, none here.
    expect(compat('GET', `/query?q=${encodeURIComponent(alertQuery('flecs.alerts.Error'))}&${options}`).json.results).toEqual([]);
  });

  test('the contract keeps its fields: comparisons are not terms there', () => {
    const { contract } = worlds();
    const q = alertQuery('*').replaceAll('flecs.', 'ecs.');
    const r = contract('GET', `/query?q=${encodeURIComponent(q)}&${options}`);
    expect(r.json.ids).toHaveLength(7);
    for (const res of r.json.results) expect(res.is_set).toHaveLength(7);
  });
});
