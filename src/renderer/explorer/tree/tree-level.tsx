// One level of the tree: the entities a query lists (roots or the children of a parent), paged,
// each with its own children below it when expanded. Levels poll every 2 s while shown.
import { useEffect, useState } from 'preact/hooks';
import { childrenQuery, treeLevelUrl, type QueryReply } from '../client';
import { RequestError, useLive } from '../ui';
import { BUILTIN_GROUP_KEY, TREE_PAGE, useTree } from './tree-context';
import { splitBuiltins, treeItems, type TreeItem } from './tree-items';
import { TreeRow } from './tree-row';

/** How often an open level re-reads its entities, in ms. */
export const TREE_POLL_MS = 2000;

/** Props of TreeLevel. */
export interface TreeLevelProps {
  /** The level's query (ROOTS_QUERY, childrenQuery(parent) or searchQuery(text)). */
  query: string;
  depth: number;
  /** Parent path, for leaf detection (none for roots and search). */
  parent?: string;
  /** Roots: show the built-in modules apart, in a collapsed group. */
  roots?: boolean;
  /** Search results: flat, with parent paths, no expanding. */
  flat?: boolean;
}

/** Rows of one level, and of the open levels below it. */
export function TreeLevel({ query, depth, parent, roots, flat }: TreeLevelProps) {
  const tree = useTree();
  const [limit, setLimit] = useState(TREE_PAGE);
  useEffect(() => setLimit(TREE_PAGE), [query]);
  const { data, error, loading } = useLive<QueryReply>(treeLevelUrl(query, limit), { intervalMs: TREE_POLL_MS, keep: true, priority: 'low' });
  const items = data ? treeItems(data) : undefined;
  const count = items?.length ?? 0;

  useEffect(() => {
    if (parent !== undefined && items !== undefined && !error) tree.setLeaf(parent, count === 0);
  }, [parent, count, items === undefined, error]);

  const pad = { paddingLeft: `${20 + depth * 14}px` };
  const rows = (list: TreeItem[], d: number) => list.map((item) => (
    <TreeNode key={item.path} item={item} depth={d} flat={flat} />
  ));
  let body;
  if (roots && items) {
    const { user, builtin } = splitBuiltins(items);
    const groupOpen = tree.expanded.has(BUILTIN_GROUP_KEY);
    body = (
      <>
        {builtin.length ? (
          <>
            <div
              role="treeitem"
              aria-level={depth + 1}
              aria-expanded={groupOpen}
              tabIndex={-1}
              data-path={BUILTIN_GROUP_KEY}
              data-parent=""
              class={`tree-row group${groupOpen ? ' open' : ''}`}
              style={{ paddingLeft: `${6 + depth * 14}px` }}
              onClick={() => tree.toggle(BUILTIN_GROUP_KEY)}
            >
              <span class="caret" aria-hidden="true">{groupOpen ? '▾' : '▸'}</span>
              <span class="name">Built-in modules</span>
              <span class="label">{builtin.map((b) => b.path).join(', ')}</span>
            </div>
            {groupOpen ? rows(builtin, depth + 1) : null}
          </>
        ) : null}
        {rows(user, depth)}
      </>
    );
  } else body = items ? rows(items, depth) : null;

  return (
    <div role="group" class="tree-level">
      {body}
      {error ? <div class="tree-note" style={pad}><RequestError error={error} hasData={items !== undefined} /></div> : null}
      {loading && !items ? <div class="tree-note dim" style={pad}>loading…</div> : null}
      {flat && items && count === 0 ? <div class="tree-note dim" style={pad}>no entity name contains this text</div> : null}
      {count >= limit ? (
        <div class="tree-note" style={pad}>
          <button type="button" class="link-button" onClick={() => setLimit(limit + TREE_PAGE)} disabled={loading}>
            show {TREE_PAGE} more
          </button>
          <span class="dim"> ({count.toLocaleString('en-US')} shown)</span>
        </div>
      ) : null}
    </div>
  );
}

function TreeNode({ item, depth, flat }: { item: TreeItem; depth: number; flat: boolean | undefined }) {
  const tree = useTree();
  const open = !flat && tree.expanded.has(item.path) && !tree.leaves.has(item.path);
  return (
    <>
      <TreeRow item={item} depth={depth} showParent={flat} expandable={!flat} />
      {open ? <TreeLevel query={childrenQuery(item.path)} depth={depth + 1} parent={item.path} /> : null}
    </>
  );
}
