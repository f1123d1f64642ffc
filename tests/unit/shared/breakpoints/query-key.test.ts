// Breakpoints share a query's evaluation by its canonical form: spacing and the order of plain
// top-level terms do not make another query; order that matters (or-chains, variables) does.
import { expect, test } from 'vitest';
import { Breakpoints, type BreakpointHit } from '../../../../src/shared/breakpoints';
import { queryKey } from '../../../../src/shared/breakpoints/query-key';
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
