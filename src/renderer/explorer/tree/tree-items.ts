// One tree level (the reply of a roots, children or search query) as a flat list of items. The
// level queries end in `?ecs.core.Disabled, ?ecs.core.Prefab`, so the last two `is_set` flags of
// each result say whether its entities are disabled and whether they are prefabs.
import { childPath, isBuiltinPath, type QueryReply } from '../client';

/** One entity in the tree. */
export interface TreeItem {
  /** Dotted path ("Sun.Earth"; anonymous entities by id: "Sun.1234"). */
  path: string;
  /** Name, or the id of an anonymous entity. */
  name: string | number;
  /** Path of the parent, if any. */
  parent?: string;
  /** Doc name when it differs from the name. */
  label?: string;
  /** Doc color ("#4678e6"). */
  color?: string;
  disabled: boolean;
  prefab: boolean;
  /** Part of the built-in modules (under `ecs`). */
  builtin: boolean;
}

/** The items of a tree-level reply, in the server's order. */
export function treeItems(reply: QueryReply): TreeItem[] {
  const out: TreeItem[] = [];
  for (const r of reply.results ?? []) {
    const set = r.is_set ?? [];
    const disabled = set.length >= 2 && set[set.length - 2] === true;
    const prefab = set.length >= 1 && set[set.length - 1] === true;
    (r.entities ?? []).forEach((name, i) => {
      const path = childPath(r.parent, name);
      const item: TreeItem = { path, name, disabled, prefab, builtin: isBuiltinPath(path) };
      if (r.parent) item.parent = r.parent;
      const label = r.entity_labels?.[i];
      if (label !== undefined && label !== String(name)) item.label = label;
      const color = r.colors?.[i];
      if (color) item.color = color;
      out.push(item);
    });
  }
  return out;
}

/** Roots split into the user's entities and the built-in modules (shown apart, collapsed). */
export function splitBuiltins(items: readonly TreeItem[]): { user: TreeItem[]; builtin: TreeItem[] } {
  const user: TreeItem[] = [];
  const builtin: TreeItem[] = [];
  for (const it of items) (it.builtin ? builtin : user).push(it);
  return { user, builtin };
}
