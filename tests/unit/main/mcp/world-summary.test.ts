// world_summary's object on the demo host, read directly (no client): the user's modules and
// components only, sorted and capped at 200 with a count of the rest; named queries with their kind
// and expression (systems apart); the systems in pipeline order with their query (null without one)
// and what they matched in the last frame.
import { afterEach, expect, test, vi } from 'vitest';
import { worldSummary } from '../../../../src/main/mcp/world-summary';
import { addSystem } from '../../../../src/shared/pipeline';
import { McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(() => h.close());

interface Summary {
  title: string; frame: number; entities: number; tables: number; modules: string[]; components: string[];
  named_queries: { path: string; kind: string; expr: string }[];
  systems: { path: string; query: string | null; last_time_s: number; matched_entities: number }[];
}
const summary = () => worldSummary(h.host!.world, h.host!.app, 'demo') as unknown as Summary;

test('components: each listed is one; exactly 200 are listed whole; past 200, the first 200 by name, then how many more', async () => {
  await h.start();
  const w = h.host!.world;
  const before = summary().components;
  expect(before).toContain('Position');
  for (const c of before) expect(w.ownsId(w.lookup(c), w.core.Component), c).toBe(true);
  expect(before.length).toBeLessThan(200);
  const name = (i: number) => `Zz${String(i).padStart(3, '0')}`;
  const upTo200 = 200 - before.length;
  for (let i = 0; i < upTo200; i++) w.component(name(i), { v: { type: 'f32' } });
  expect(summary().components).toEqual([...before, ...Array.from({ length: upTo200 }, (_, i) => name(i))]);
  for (let i = upTo200; i < 201; i++) w.component(name(i), { v: { type: 'f32' } });
  const after = summary().components;
  expect(after).toHaveLength(201);
  expect(after.slice(0, 200)).toEqual([...before, ...Array.from({ length: 201 }, (_, i) => name(i))].slice(0, 200));
  expect(after[200]).toBe(`… and ${before.length + 1} more`);
});

test('modules: the user\'s, not the built-in ecs ones', async () => {
  await h.start();
  const w = h.host!.world;
  const mine = w.entity({ name: 'mymod' });
  w.add(mine, w.core.Module);
  const s = summary();
  expect(s.modules).toContain('mymod');
  for (const m of s.modules) expect(w.ownsId(w.lookup(m), w.core.Module), m).toBe(true);
  expect(s.modules.filter((m) => m === 'ecs' || m.startsWith('ecs.'))).toEqual([]);
});

test('named queries with kind and expression, systems apart; systems in order with their query or null and their matches', async () => {
  await h.start();
  const host = h.host!, w = host.world;
  addSystem(w, 'Tick', { run: () => {} });
  host.app.step(1 / 60);
  const s = summary();
  const planets = s.named_queries.find((q) => q.path === 'Planets')!;
  const rest = JSON.parse(host.router.route('GET', '/query?name=Planets&count=true').body) as { count: number };
  expect(planets.expr).not.toBe('');
  expect(JSON.parse(host.router.route('GET', `/query?q=${encodeURIComponent(planets.expr)}&count=true`).body).count).toBe(rest.count);
  expect(['query', 'filter', 'rule']).toContain(planets.kind);
  const systems = host.app.pipeline.list().map((r) => w.pathOf(r.entity));
  expect(s.named_queries.map((q) => q.path).filter((p) => systems.includes(p))).toEqual([]);
  expect(s.systems.map((x) => x.path)).toEqual(systems);
  expect(s.systems.find((x) => x.path === 'Tick')).toMatchObject({ query: null, matched_entities: 0 });
  // A system with a query matched what its query matches now (nothing moved in or out since the frame).
  const move = s.systems.find((x) => x.query !== null && x.matched_entities > 0)!;
  expect(JSON.parse(host.router.route('GET', `/query?q=${encodeURIComponent(move.query!)}&count=true`).body).count).toBe(move.matched_entities);
  expect(s).toMatchObject({ title: 'demo', frame: host.app.frameCount, entities: w.entities.aliveCount, tables: w.tables.size });
});
