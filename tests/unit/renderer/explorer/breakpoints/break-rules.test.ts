// The explorer's breakpoint rules: names the host accepts (made from the query, operators as
// words, unique, at most 64 characters), the condition of "break when this value …", the hit the
// world stands at, and how many entities a hit line names.
import { expect, test } from 'vitest';
import { breakpointName, hitStoodAt, memberCondition, shownEntities } from '../../../../../src/renderer/explorer/breakpoints/break-rules';
import type { BreakpointsReply } from '../../../../../src/renderer/explorer/client';
import { BREAKPOINT_NAME } from '../../../../../src/shared/breakpoints';

test('names come from the query, with operators as words, and are unique', () => {
  expect(breakpointName('Fuel.value < 10')).toBe('Fuel.value-lt-10');
  expect(breakpointName('Ship3 Fuel.value >= 2.5')).toBe('Ship3-Fuel.value-ge-2.5');
  expect(breakpointName('Asteroid, (ChildOf, Belt)')).toBe('Asteroid-ChildOf-Belt');
  expect(breakpointName('Shape.kind != Box', ['Shape.kind-ne-Box'])).toBe('Shape.kind-ne-Box-2');
  expect(breakpointName('Shape.kind != Box', ['Shape.kind-ne-Box', 'Shape.kind-ne-Box-2'])).toBe('Shape.kind-ne-Box-3');
  expect(breakpointName('$$$')).toBe('breakpoint');
  const long = breakpointName(`${'Position.x > 1, '.repeat(10)}Fuel`, []);
  expect(long.length).toBeLessThanOrEqual(64);
  const taken = breakpointName(`${'Position.x > 1, '.repeat(10)}Fuel`, [long]);
  expect(taken).not.toBe(long);
  // Every name made is one the host takes.
  for (const n of [long, taken, breakpointName('a <= -3 == 4 != 5 > 6 < 7')]) expect(n).toMatch(BREAKPOINT_NAME);
});

test('the condition of a member', () => {
  expect(memberCondition('Fuel', 'value', '<=', 12.5)).toBe('Fuel.value <= 12.5');
});

test('the world stands at the last hit only while paused and the host says so', () => {
  const hit = { breakpoint: 'b', frame: 9, on: 'enter' as const, entities: ['Ship2'], ids: [500] };
  const reply = (at_hit: boolean): BreakpointsReply => ({ breakpoints: [], last_hit: hit, steps_per_frame: 0, frame_steps: 1, at_hit });
  expect(hitStoodAt(reply(true), true)).toEqual(hit);
  expect(hitStoodAt(reply(true), false)).toBeUndefined();
  expect(hitStoodAt(reply(false), true)).toBeUndefined();
  expect(hitStoodAt(undefined, true)).toBeUndefined();
});

test('a hit line names the first entities and counts the rest', () => {
  const hit = { breakpoint: 'b', frame: 1, on: 'leave' as const, entities: ['A', 'B', 'C'], ids: [1, 2, 3] };
  expect(shownEntities(hit, 2)).toEqual({ shown: ['A', 'B'], more: 1 });
  expect(shownEntities(hit)).toEqual({ shown: ['A', 'B', 'C'], more: 0 });
});
