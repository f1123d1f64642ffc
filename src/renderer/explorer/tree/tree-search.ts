// The tree search: case-insensitive over each entity's name, doc label and (for text with a '.')
// full path, done in the page over the list of all entities. The result is a tree of the matches
// with their ancestors, in tree order, the ancestors open.
import { ancestorPaths } from '../client';
import type { TreeItem } from './tree-items';
import { sortItems } from './tree-order';

/** Most matches shown at once. */
export const MAX_MATCHES = 500;

/**
 * True when `item` matches the lower-cased `needle`: in its name or doc label, or — when the
 * needle has a '.', so it names levels — in its path (else every child of Earth would match "ear").
 */
export function itemMatches(item: TreeItem, needle: string): boolean {
  return String(item.name).toLowerCase().includes(needle)
    || (item.label?.toLowerCase().includes(needle) ?? false)
    || (needle.includes('.') && item.path.toLowerCase().includes(needle));
}

/** One row of the search tree. */
export interface SearchRow {
  item: TreeItem;
  depth: number;
  /** True for a match; false for an ancestor shown for context. */
  match: boolean;
}

/** The search tree's rows in display order, and how many entities matched in all. */
export function searchTree(all: readonly TreeItem[], text: string, max = MAX_MATCHES): { rows: SearchRow[]; matches: number } {
  const needle = text.trim().toLowerCase();
  if (!needle) return { rows: [], matches: 0 };
  const byPath = new Map(all.map((i) => [i.path, i]));
  const matched = all.filter((i) => itemMatches(i, needle));
  const keep = new Set<string>();
  for (const m of matched.slice(0, max)) {
    keep.add(m.path);
    for (const a of ancestorPaths(m.path)) keep.add(a);
  }
  const matchSet = new Set(matched.map((m) => m.path));
  const children = new Map<string, TreeItem[]>();
  for (const path of keep) {
    const item = byPath.get(path) ?? placeholder(path);
    const parent = item.parent ?? '';
    const list = children.get(parent);
    if (list) list.push(item);
    else children.set(parent, [item]);
  }
  const rows: SearchRow[] = [];
  const walk = (parent: string, depth: number) => {
    for (const item of sortItems(children.get(parent) ?? [])) {
      rows.push({ item, depth, match: matchSet.has(item.path) });
      walk(item.path, depth + 1);
    }
  };
  walk('', 0);
  return { rows, matches: matched.length };
}

/** An ancestor the entity list did not include (e.g. past its limit): shown by its path. */
function placeholder(path: string): TreeItem {
  const dot = path.lastIndexOf('.');
  const leaf = path.slice(dot + 1);
  const item: TreeItem = {
    path, name: /^\d+$/.test(leaf) ? Number(leaf) : leaf, disabled: false, prefab: false, component: false, module: false, query: false, tag: false,
    builtin: path === 'ecs' || path.startsWith('ecs.'),
  };
  if (dot > 0) item.parent = path.slice(0, dot);
  return item;
}

/** Splits `text` around case-insensitive occurrences of `needle`, for highlighting. */
export function highlightParts(text: string, needle: string): { text: string; hit: boolean }[] {
  const n = needle.trim().toLowerCase();
  if (!n) return [{ text, hit: false }];
  const lower = text.toLowerCase();
  const out: { text: string; hit: boolean }[] = [];
  let at = 0;
  for (let i = lower.indexOf(n); i >= 0; i = lower.indexOf(n, i + n.length)) {
    if (i > at) out.push({ text: text.slice(at, i), hit: false });
    out.push({ text: text.slice(i, i + n.length), hit: true });
    at = i + n.length;
  }
  if (at < text.length) out.push({ text: text.slice(at), hit: false });
  return out;
}
