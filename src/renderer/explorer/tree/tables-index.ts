// What the tree learns from GET /tables: which entities have children (a non-empty table with
// (ChildOf, X) means X has) and which are used as ids (a tag or relationship in some table type).

/** One table of GET /tables. */
export interface TableInfo {
  type?: unknown;
  count?: unknown;
}

/** The facts the tree needs. */
export interface TablesIndex {
  /** Paths (or bare ids of anonymous entities) that have at least one child. */
  parents: ReadonlySet<string>;
  /** Paths used as a component, tag or relationship in a table type. */
  usedAsId: ReadonlySet<string>;
}

const CHILD_OF = 'ecs.core.ChildOf';

/** Splits "(rel,target)" into its parts; a plain id gives one part. */
export function idParts(text: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) return [text];
  const inner = text.slice(1, -1);
  const comma = inner.indexOf(',');
  return comma < 0 ? [inner] : [inner.slice(0, comma).trim(), inner.slice(comma + 1).trim()];
}

/** The index of a /tables reply (anything else gives undefined). */
export function tablesIndex(reply: unknown): TablesIndex | undefined {
  if (!Array.isArray(reply)) return undefined;
  const parents = new Set<string>();
  const usedAsId = new Set<string>();
  for (const t of reply as TableInfo[]) {
    if (!Array.isArray(t?.type)) continue;
    const filled = typeof t.count === 'number' && t.count > 0;
    for (const id of t.type) {
      if (typeof id !== 'string') continue;
      const parts = idParts(id);
      if (parts.length === 2 && parts[0] === CHILD_OF) {
        if (filled) parents.add(parts[1]!);
        continue;
      }
      usedAsId.add(parts[0]!);
    }
  }
  return { parents, usedAsId };
}

/** Whether the entity at `path` has children: known from the index, or undefined without one. */
export function hasChildrenIn(index: TablesIndex | undefined, path: string): boolean | undefined {
  if (!index) return undefined;
  if (index.parents.has(path)) return true;
  const leaf = path.slice(path.lastIndexOf('.') + 1);
  return /^\d+$/.test(leaf) && index.parents.has(leaf) ? true : false;
}
