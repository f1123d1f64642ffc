import { describe, expect, it } from 'vitest';
import { splitBuiltins, treeItems } from '../../../../../src/renderer/explorer/tree/tree-items';

describe('treeItems', () => {
  it('lists children with paths, labels, colors, and disabled/prefab flags from the trailing optional terms', () => {
    const items = treeItems({
      results: [
        { is_set: [true, false, false], parent: 'Sun', entities: ['Mercury', 'Earth'], entity_labels: ['Mercury', 'The Earth'], colors: ['#aaa', '#4678e6'] },
        { is_set: [true, true, false], parent: 'Sun', entities: ['Mars'], entity_labels: ['Mars'] },
        { is_set: [true, false, true], parent: 'Sun', entities: [1234] },
      ],
    });
    expect(items.map((i) => i.path)).toEqual(['Sun.Mercury', 'Sun.Earth', 'Sun.Mars', 'Sun.1234']);
    expect(items[0]).toEqual({ path: 'Sun.Mercury', name: 'Mercury', parent: 'Sun', color: '#aaa', disabled: false, prefab: false, builtin: false });
    expect(items[1]!.label).toBe('The Earth');
    expect(items[2]!.disabled).toBe(true);
    expect(items[3]).toMatchObject({ name: 1234, prefab: true, disabled: false });
  });

  it('reads the flags from the end when the query has fewer terms (roots, search)', () => {
    const items = treeItems({ results: [{ is_set: [false, true], entities: ['SpaceShip'] }, { is_set: [true, false], entities: ['Old'] }] });
    expect(items[0]).toMatchObject({ prefab: true, disabled: false });
    expect(items[1]).toMatchObject({ prefab: false, disabled: true });
  });

  it('puts the built-in modules apart', () => {
    const items = treeItems({ results: [{ is_set: [false, false, false], entities: ['ecs', 'Sun', 'Position'] }] });
    const { user, builtin } = splitBuiltins(items);
    expect(builtin.map((i) => i.path)).toEqual(['ecs']);
    expect(user.map((i) => i.path)).toEqual(['Sun', 'Position']);
  });
});
