// The tree's documented order (named by name with numbers compared as numbers, anonymous by id
// after them), the root groups and the anonymous group.
import { describe, expect, it } from 'vitest';
import { groupRoots, sortItems, splitAnonymous } from '../../../../../src/renderer/explorer/tree/tree-order';
import type { TreeItem } from '../../../../../src/renderer/explorer/tree/tree-items';

function item(name: string | number, extra: Partial<TreeItem> = {}): TreeItem {
  return { path: String(name), name, disabled: false, prefab: false, component: false, module: false, query: false, tag: false, builtin: false, ...extra };
}

describe('tree order', () => {
  it('sorts named entities by name (Ship2 before Ship10, case ignored), then anonymous ones by id', () => {
    const sorted = sortItems([item(400), item('Ship10'), item('neptune'), item(396), item('Ship2'), item('Earth')]);
    expect(sorted.map((i) => i.name)).toEqual(['Earth', 'neptune', 'Ship2', 'Ship10', 396, 400]);
  });

  it('gives the same order whatever order the server listed them in', () => {
    const a = [item('Ship3'), item('Ship11'), item('Ship1'), item(5), item(2)];
    expect(sortItems(a).map((i) => i.name)).toEqual(sortItems([...a].reverse()).map((i) => i.name));
  });

  it('puts components, tags, systems and queries, and modules under their own headings at the root', () => {
    const used = new Set(['Planet', 'TravellingTo', 'Position']);
    const { entities, groups } = groupRoots(
      [item('Sun'), item('Position', { component: true }), item('Planet'), item('TravellingTo'), item('ecs', { module: true, builtin: true }), item('SpaceShip', { prefab: true }), item('Lonely'), item('Move', { query: true })],
      (p) => used.has(p),
      (p) => p === 'Sun',
    );
    expect(entities.map((i) => i.name)).toEqual(['Sun', 'SpaceShip', 'Lonely']);
    expect(groups.map((g) => [g.title, g.items.map((i) => i.name)])).toEqual([
      ['Components', ['Position']], ['Tags and relationships', ['Planet', 'TravellingTo']], ['Systems and queries', ['Move']], ['Modules', ['ecs']],
    ]);
  });

  it('keeps declared tags under their heading whether or not anything has them now', () => {
    const roots = [item('Sun'), item('LowFuel', { tag: true }), item('OutOfBelt', { tag: true }), item('OutOfFuel', { tag: true }), item('Custom')];
    const tagsOf = (usedAsId?: (p: string) => boolean) => {
      const { entities, groups } = groupRoots(roots, usedAsId, () => false);
      return { entities: entities.map((i) => i.name), tags: groups.find((g) => g.kind === 'tags')?.items.map((i) => i.name) };
    };
    // The frames of a game: nothing has the tags, some ship has LowFuel, then all three are had;
    // and before /tables has answered. Custom (a plain entity) counts once it is used as an id.
    const frames = [new Set<string>(), new Set(['LowFuel']), new Set(['LowFuel', 'OutOfBelt', 'OutOfFuel', 'Custom'])];
    for (const used of frames) {
      const { entities, tags } = tagsOf((p) => used.has(p));
      expect(tags?.filter((n) => n !== 'Custom')).toEqual(['LowFuel', 'OutOfBelt', 'OutOfFuel']);
      expect(entities).toEqual(used.has('Custom') ? ['Sun'] : ['Sun', 'Custom']);
    }
    expect(tagsOf(undefined)).toEqual({ entities: ['Sun', 'Custom'], tags: ['LowFuel', 'OutOfBelt', 'OutOfFuel'] });
  });

  it('groups anonymous siblings only when there are many', () => {
    const few = [item('A'), item(1), item(2)];
    expect(splitAnonymous(few, 12).anonymous).toEqual([]);
    const many = [item('A'), ...Array.from({ length: 12 }, (_, i) => item(100 + i))];
    const { shown, anonymous } = splitAnonymous(many, 12);
    expect(shown.map((i) => i.name)).toEqual(['A']);
    expect(anonymous).toHaveLength(12);
  });
});
