// Breakpoints share a query's evaluation by its canonical form: spacing and the order of plain
// top-level terms do not make another query; order that matters (or-chains, variables) does.
// Queries that differ only in their comparisons' operators and numbers have one shape: their
// trackers are looked at together (one look after a frame where nothing they depend on moved).
import { expect, test } from 'vitest';
import { Breakpoints, type BreakpointHit } from '../../../../src/shared/breakpoints';
import { queryKey, shapeKey } from '../../../../src/shared/breakpoints/query-key';
import { World } from '../../../../src/shared/ecs';

test('spacing and the order of plain terms and comparisons give one key; or-chains and variables keep their order', () => {
  expect(queryKey('Fuel.value<10')).toBe(queryKey('  Fuel.value   <  10 '));
  expect(queryKey('Fuel, Engine')).toBe(queryKey('Engine,Fuel'));
  expect(queryKey('Asteroid, Position.y > 5, !Disabled')).toBe(queryKey('!Disabled, Position.y>5, Asteroid'));
  expect(queryKey('Fuel.value < 10')).not.toBe(queryKey('Fuel.value < 11'));
  expect(queryKey('Fuel.value < 10')).not.toBe(queryKey('Fuel.value <= 10'));
  expect(queryKey('Hot || Cold')).not.toBe(queryKey('Cold || Hot'));
  expect(queryKey('(Eats, $x), (Likes, $x)')).not.toBe(queryKey('(Likes, $x), (Eats, $x)'));
});

test('breakpoints whose queries differ in spacing and term order are evaluated once, and each fires on its own condition', () => {
  const w = new World();
  const Fuel = w.component('Fuel', { value: 'f32' });
  const Engine = w.tag('Engine');
  const ship = w.entity('Ship');
  w.set(ship, Fuel, { value: 50 });
  w.add(ship, Engine);
  const bps = new Breakpoints(w, { pause: () => {}, frame: () => 1, ranSystems: () => true, frameSteps: 1_000_000, requestSteps: 100_000 });
  const hits: BreakpointHit[] = [];
  bps.onHit((h) => hits.push(...h));
  bps.set('a', { q: 'Fuel.value < 10, Engine', on: 'enter', once: false, enabled: true });
  const one = bps.stepsPerFrame();
  bps.set('b', { q: 'Engine,Fuel.value<10', on: 'enter', once: false, enabled: true });
  bps.set('c', { q: 'Engine ,  Fuel.value <  10', on: 'leave', once: false, enabled: true });
  expect(bps.stepsPerFrame()).toBe(one);
  w.set(ship, Fuel, { value: 5 });
  bps.afterFrame();
  expect(hits.map((h) => [h.breakpoint, h.on, h.ids])).toEqual([['a', 'enter', [ship]], ['b', 'enter', [ship]]]);
  hits.length = 0;
  w.set(ship, Fuel, { value: 15 });
  bps.afterFrame();
  expect(hits.map((h) => [h.breakpoint, h.on, h.ids])).toEqual([['c', 'leave', [ship]]]);
});

test('comparisons with other operators and numbers give one shape; other terms or members do not', () => {
  expect(shapeKey('Fuel.value < 10')).toBe(shapeKey('Fuel.value >= 3'));
  expect(shapeKey('Engine, Fuel.value<10')).toBe(shapeKey('Fuel.value == 2, Engine'));
  expect(shapeKey('Fuel.value < 10')).not.toBe(shapeKey('Fuel.capacity < 10'));
  expect(shapeKey('Fuel.value < 10')).not.toBe(shapeKey('Fuel.value < 10, Engine'));
  expect(shapeKey('Fuel, Engine')).toBe(shapeKey('Engine, Fuel'));
  expect(shapeKey('Fuel, Engine')).not.toBe(shapeKey('Fuel.value < 1'));
});

test('breakpoints of one shape cost one look after a frame where nothing they compare moved, and still fire on their own thresholds', () => {
  const w = new World();
  const Fuel = w.component('Fuel', { value: 'f32' });
  const ships = Array.from({ length: 5 }, (_, i) => { const s = w.entity(`Ship${i}`); w.set(s, Fuel, { value: 50 + i }); return s; });
  const make = (n: number) => {
    const bps = new Breakpoints(w, { pause: () => {}, frame: () => 1, ranSystems: () => true, frameSteps: 1_000_000, requestSteps: 100_000 });
    for (let i = 0; i < n; i++) bps.set(`below${10 + i}`, { q: `Fuel.value < ${10 + i}`, on: 'enter', once: false, enabled: true });
    return bps;
  };
  const one = make(1), twenty = make(20);
  const hits: BreakpointHit[] = [];
  twenty.onHit((h) => hits.push(...h));
  // The first look reads each query on its own; the next ones, with values written but no threshold crossed, are one look.
  const look = () => [one.afterFrame(), twenty.afterFrame()];
  look();
  w.modified([Fuel]);
  const [alone, together] = look();
  expect(together).toBe(alone);
  expect(together).toBeLessThan(10);
  expect(hits).toEqual([]);
  // A value crossing some of the thresholds: those breakpoints fire, the others do not.
  w.set(ships[2]!, Fuel, { value: 14.5 });
  look();
  expect(hits.map((h) => h.breakpoint)).toEqual(Array.from({ length: 15 }, (_, i) => `below${15 + i}`));
  expect(hits.every((h) => h.ids.length === 1 && h.ids[0] === ships[2])).toBe(true);
});
