// The inspector's member plot keeps 60 s of samples of one numeric member, own or inherited.
import { describe, expect, test } from 'vitest';
import { addSample, memberValue, PLOT_WINDOW_S } from '../../../../../src/renderer/explorer/inspector/member-history';
import type { EntityView } from '../../../../../src/renderer/explorer/inspector/entity-view';

const view: EntityView = {
  path: 'Ship1', disabled: false, tags: [], alerts: [], matches: [], referencedBy: [],
  components: [{ id: ['Position'], value: { x: 1.5, y: 2, z: 3 } }, { id: ['Shape'], value: { kind: 'Ship' } }],
  bases: [{ path: 'SpaceShip', tags: [], components: [{ id: ['Scale'], value: { value: 0.45 } }] }],
};

describe('member history', () => {
  test('reads numeric members, own or inherited, and nothing else', () => {
    expect(memberValue(view, { id: ['Position'], path: ['x'], label: 'Position.x' })).toBe(1.5);
    expect(memberValue(view, { id: ['Scale'], path: ['value'], label: 'Scale.value' })).toBe(0.45);
    expect(memberValue(view, { id: ['Shape'], path: ['kind'], label: 'Shape.kind' })).toBeUndefined();
    expect(memberValue(view, { id: ['Velocity'], path: ['x'], label: 'Velocity.x' })).toBeUndefined();
  });

  test('keeps the last 60 s of samples', () => {
    const s = { times: [] as number[], values: [] as number[] };
    for (let t = 0; t <= 100; t += 10) addSample(s, t, t * 2);
    expect(s.times).toEqual([40, 50, 60, 70, 80, 90, 100]);
    expect(s.values).toEqual([80, 100, 120, 140, 160, 180, 200]);
    expect(s.times[s.times.length - 1]! - s.times[0]!).toBeLessThanOrEqual(PLOT_WINDOW_S);
  });
});
