// One tree level (the reply of a roots, children or all-entities query) as a flat list of items.
// The tree queries end in TREE_TAIL (one optional term per key of TREE_FLAG_IDS), so the last
// `is_set` flags of each result say what its entities are.
import { TREE_FLAG_IDS, childPath, isBuiltinPath, type QueryReply } from '../client';

type Flag = keyof typeof TREE_FLAG_IDS;
const FLAGS = Object.keys(TREE_FLAG_IDS) as Flag[];

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
  /** Has ecs.core.Tag: declared as a tag (world.tag()), whether or not anything has it now. */
  tag: boolean;
  /** Part of the built-in modules (under `ecs`). */
  builtin: boolean;
}

/** The items of a tree-level reply, in the server's order. */
export function treeItems(reply: QueryReply): TreeItem[] {
  const out: TreeItem[] = [];
  for (const r of reply.results ?? []) {
    const set = r.is_set ?? [];
    const first = set.length - FLAGS.length;
    const flags = Object.fromEntries(FLAGS.map((f, i) => [f, first >= 0 && set[first + i] === true])) as Record<Flag, boolean>;
    (r.entities ?? []).forEach((name, i) => {
      const path = childPath(r.parent, name);
      const item: TreeItem = { path, name, ...flags, builtin: isBuiltinPath(path) };
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
