import { describe, expect, it } from 'vitest';
import { treeItems } from '../../../../../src/renderer/explorer/tree/tree-items';

describe('treeItems', () => {
  it('lists children with paths, labels, colors, and the flags of the six trailing optional terms', () => {
    const items = treeItems({
      results: [
        { is_set: [true, false, false, false, false, false, false], parent: 'Sun', entities: ['Mercury', 'Earth'], entity_labels: ['Mercury', 'The Earth'], colors: ['#aaa', '#4678e6'] },
        { is_set: [true, true, false, false, false, false, false], parent: 'Sun', entities: ['Mars'], entity_labels: ['Mars'] },
        { is_set: [true, false, true, false, false, false, false], parent: 'Sun', entities: [1234] },
      ],
    });
    expect(items.map((i) => i.path)).toEqual(['Sun.Mercury', 'Sun.Earth', 'Sun.Mars', 'Sun.1234']);
    expect(items[0]).toEqual({ path: 'Sun.Mercury', name: 'Mercury', parent: 'Sun', color: '#aaa', disabled: false, prefab: false, component: false, module: false, query: false, tag: false, builtin: false });
    expect(items[1]!.label).toBe('The Earth');
    expect(items[2]!.disabled).toBe(true);
    expect(items[3]).toMatchObject({ name: 1234, prefab: true, disabled: false });
  });

  it('reads components, modules, queries and declared tags from the last four flags, and marks everything under ecs as built in', () => {
    const items = treeItems({ results: [
      { is_set: [false, false, true, false, false, false], entities: ['Position'] },
      { is_set: [false, false, false, true, false, false], entities: ['ecs'] },
      { is_set: [false, false, false, false, true, false], entities: ['Move'] },
      { is_set: [false, false, false, false, false, true], entities: ['LowFuel'] },
    ] });
    expect(items[0]).toMatchObject({ component: true, module: false, query: false, tag: false, builtin: false });
    expect(items[1]).toMatchObject({ component: false, module: true, builtin: true });
    expect(items[2]).toMatchObject({ query: true, component: false, tag: false });
    expect(items[3]).toMatchObject({ tag: true, query: false, component: false });
  });
});
