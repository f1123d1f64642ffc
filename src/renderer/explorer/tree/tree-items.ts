// One tree level (the reply of a roots, children or all-entities query) as a flat list of items.
// The tree queries end in TREE_TAIL (`?Disabled, ?Prefab, ?Component, ?Module, ?Query`), so the
// last five `is_set` flags of each result say what its entities are.
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
  /** Has ecs.core.Component (a component type). */
  component: boolean;
  /** Has ecs.core.Module. */
  module: boolean;
  /** Has ecs.core.Query (a named query or a system). */
  query: boolean;
  /** Part of the built-in modules (under `ecs`). */
  builtin: boolean;
}

/** The items of a tree-level reply, in the server's order. */
export function treeItems(reply: QueryReply): TreeItem[] {
  const out: TreeItem[] = [];
  for (const r of reply.results ?? []) {
    const set = r.is_set ?? [];
    const flag = (fromEnd: number) => set.length >= fromEnd && set[set.length - fromEnd] === true;
    const [disabled, prefab, component, module, query] = [flag(5), flag(4), flag(3), flag(2), flag(1)];
    (r.entities ?? []).forEach((name, i) => {
      const path = childPath(r.parent, name);
      const item: TreeItem = { path, name, disabled, prefab, component, module, query, builtin: isBuiltinPath(path) };
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
