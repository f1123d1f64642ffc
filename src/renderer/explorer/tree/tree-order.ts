// The tree's order and grouping, the same on every load: named entities by name (digits compared
// as numbers, so Ship2 comes before Ship10), then anonymous ones by id. At the root, components,
// tags, systems and queries, and modules go under headings of their own; many anonymous siblings
// become one group.
import type { TreeItem } from './tree-items';

/** Anonymous siblings beyond this many are shown as one collapsible group. */
export const ANON_GROUP_MIN = 12;

/** Rows per page inside an anonymous group. */
export const ANON_PAGE = 100;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Orders two items: named before anonymous, names by collation (then exactly), ids numerically. */
export function compareItems(a: TreeItem, b: TreeItem): number {
  const an = typeof a.name === 'number', bn = typeof b.name === 'number';
  if (an !== bn) return an ? 1 : -1;
  if (an && bn) return (a.name as number) - (b.name as number);
  const c = collator.compare(String(a.name), String(b.name));
  return c !== 0 ? c : String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0;
}

/** The items in tree order (a new array). */
export function sortItems(items: readonly TreeItem[]): TreeItem[] {
  return [...items].sort(compareItems);
}

/** Kinds of root groups, in display order after the user's entities. */
export type RootGroupKind = 'components' | 'tags' | 'queries' | 'modules';

/** A heading at the root and the entities under it. */
export interface RootGroup {
  kind: RootGroupKind;
  title: string;
  items: TreeItem[];
}

/** Titles of the root groups. */
export const ROOT_GROUP_TITLES: Record<RootGroupKind, string> = {
  components: 'Components', tags: 'Tags and relationships', queries: 'Systems and queries', modules: 'Modules',
};

/**
 * Splits sorted roots into the user's entities and the groups: modules (and everything built in),
 * components, systems and named queries, and tags. A tag is what an entity is, not what has it
 * now: declared as one (ecs.core.Tag), or a named non-prefab used as an id in some table
 * (`usedAsId`: tables stay once made, so an id used once stays used) without children of its
 * own. Without `usedAsId` (unknown) only declared tags count.
 */
export function groupRoots(
  items: readonly TreeItem[],
  usedAsId?: (path: string) => boolean,
  hasChildren?: (path: string) => boolean | undefined,
): { entities: TreeItem[]; groups: RootGroup[] } {
  const entities: TreeItem[] = [];
  const by: Record<RootGroupKind, TreeItem[]> = { components: [], tags: [], queries: [], modules: [] };
  for (const it of items) {
    if (it.module || it.builtin) by.modules.push(it);
    else if (it.component) by.components.push(it);
    else if (it.query) by.queries.push(it);
    else if (it.tag || (!it.prefab && typeof it.name === 'string' && usedAsId?.(it.path) && hasChildren?.(it.path) !== true)) by.tags.push(it);
    else entities.push(it);
  }
  const groups = (['components', 'tags', 'queries', 'modules'] as const)
    .filter((k) => by[k].length > 0)
    .map((kind) => ({ kind, title: ROOT_GROUP_TITLES[kind], items: by[kind] }));
  return { entities, groups };
}

/** Splits sorted siblings into the named ones and, when there are many, the anonymous ones as a group. */
export function splitAnonymous(items: readonly TreeItem[], min = ANON_GROUP_MIN): { shown: TreeItem[]; anonymous: TreeItem[] } {
  const anonymous = items.filter((i) => typeof i.name === 'number');
  if (anonymous.length < min) return { shown: [...items], anonymous: [] };
  return { shown: items.filter((i) => typeof i.name !== 'number'), anonymous };
}
