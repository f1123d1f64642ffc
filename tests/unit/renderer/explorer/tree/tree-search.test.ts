// The tree search: case-insensitive over names, doc labels and paths; matches come with their
// ancestors, in tree order; highlighting splits the text around each occurrence.
import { describe, expect, it } from 'vitest';
import { highlightParts, searchTree } from '../../../../../src/renderer/explorer/tree/tree-search';
import { hasChildrenIn, tablesIndex } from '../../../../../src/renderer/explorer/tree/tables-index';
import type { TreeItem } from '../../../../../src/renderer/explorer/tree/tree-items';

function item(path: string, label?: string): TreeItem {
  const dot = path.lastIndexOf('.');
  const leaf = path.slice(dot + 1);
  const it: TreeItem = { path, name: /^\d+$/.test(leaf) ? Number(leaf) : leaf, disabled: false, prefab: false, component: false, module: false, query: false, tag: false, builtin: false };
  if (dot > 0) it.parent = path.slice(0, dot);
  if (label) it.label = label;
  return it;
}

const world = [item('Sun', 'Sol'), item('Sun.Mars'), item('Sun.Earth', 'The Earth'), item('Sun.Earth.Moon', 'Luna'), item('Ship1', 'Aurora'), item('396')];

describe('tree search', () => {
  it('finds Sun.Earth by "earth", "ear" and "The Earth", with its ancestor Sun', () => {
    for (const text of ['earth', 'ear', 'The Earth', 'EARTH']) {
      const { rows } = searchTree(world, text);
      expect(rows.map((r) => [r.item.path, r.depth, r.match])).toContainEqual(['Sun.Earth', 1, true]);
      expect(rows[0]).toMatchObject({ item: { path: 'Sun' }, depth: 0, match: false });
    }
  });

  it('matches labels and paths, and counts every match', () => {
    expect(searchTree(world, 'aurora').rows.map((r) => r.item.path)).toEqual(['Ship1']);
    // "sun.earth.m" is only in a path.
    const { rows, matches } = searchTree(world, 'sun.earth.m');
    expect(matches).toBe(1);
    expect(rows.map((r) => r.item.path)).toEqual(['Sun', 'Sun.Earth', 'Sun.Earth.Moon']);
    expect(searchTree(world, 'zzz')).toEqual({ rows: [], matches: 0 });
    // Without a '.', the path does not count: Earth's moon does not match "earth".
    expect(searchTree(world, 'earth').matches).toBe(1);
  });

  it('highlights every occurrence whatever its case', () => {
    expect(highlightParts('The Earth', 'EAR')).toEqual([{ text: 'The ', hit: false }, { text: 'Ear', hit: true }, { text: 'th', hit: false }]);
    expect(highlightParts('abab', 'ab').filter((p) => p.hit)).toHaveLength(2);
  });
});

describe('tables index', () => {
  it('knows parents from filled (ChildOf, X) tables and ids in use from table types', () => {
    const index = tablesIndex([
      { type: ['Position', '(ecs.core.ChildOf,Sun)', 'Planet'], count: 8 },
      { type: ['(ecs.core.ChildOf,Sun.Earth)'], count: 0 },
      { type: ['(TravellingTo,Sun.Earth)', '(ecs.core.ChildOf,396)'], count: 2 },
    ])!;
    expect(hasChildrenIn(index, 'Sun')).toBe(true);
    expect(hasChildrenIn(index, 'Sun.Earth')).toBe(false);
    expect(hasChildrenIn(index, 'Belt.396')).toBe(true);
    expect([...index.usedAsId].sort()).toEqual(['Planet', 'Position', 'TravellingTo']);
    expect(hasChildrenIn(undefined, 'Sun')).toBeUndefined();
    expect(tablesIndex({ error: 'x' })).toBeUndefined();
  });
});
