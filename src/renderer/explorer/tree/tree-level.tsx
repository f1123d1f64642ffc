// One level of the tree: the entities a query lists (roots or the children of a parent), in the
// documented order, each with its own children below it when expanded. At the root, components,
// tags and modules sit under headings of their own; many anonymous siblings become one group with
// paging. Levels follow a watch where the server offers one and the stream budget allows, else poll every 2 s while shown.
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { childrenQuery, treeLevelUrl, type QueryReply } from '../client';
import { RequestError, useLive } from '../ui';
import { TREE_LEVEL_LIMIT, useTree } from './tree-context';
import { treeItems, type TreeItem } from './tree-items';
import { ANON_PAGE, groupRoots, sortItems, splitAnonymous } from './tree-order';
import { TreeRow } from './tree-row';
import { hasChildrenIn } from './tables-index';

/** How often an open level re-reads its entities, in ms. */
export const TREE_POLL_MS = 2000;

/** Props of TreeLevel. */
export interface TreeLevelProps {
  /** The level's query (ROOTS_QUERY or childrenQuery(parent)). */
  query: string;
  depth: number;
  /** Parent path, for leaf detection (none for roots). */
  parent?: string;
  /** Roots: components, tags and modules under headings of their own. */
  roots?: boolean;
}

/** Rows of one level, and of the open levels below it. */
export function TreeLevel({ query, depth, parent, roots }: TreeLevelProps) {
  const tree = useTree();
  const { data, error, loading } = useLive<QueryReply>(treeLevelUrl(query, TREE_LEVEL_LIMIT), { intervalMs: TREE_POLL_MS, keep: true, priority: 'low' });
  const items = useMemo(() => (data ? sortItems(treeItems(data)) : undefined), [data]);
  const count = items?.length ?? 0;

  useEffect(() => {
    if (parent !== undefined && items !== undefined && !error) tree.setLeaf(parent, count === 0);
  }, [parent, count, items === undefined, error]);

  const pad = { paddingLeft: `${20 + depth * 14}px` };
  let body = null;
  if (items && roots) {
    const index = tree.index;
    const { entities, groups } = groupRoots(items, index ? (p) => index.usedAsId.has(p) : undefined, (p) => hasChildrenIn(index, p));
    body = (
      <>
        <Siblings items={entities} depth={depth} groupKey="#anon" />
        {groups.map((g) => (
          <GroupRow key={g.kind} groupKey={`#group:${g.kind}`} title={g.title} count={g.items.length} depth={depth} items={g.items}>
            <Siblings items={g.items} depth={depth + 1} groupKey={`#group:${g.kind}#anon`} />
          </GroupRow>
        ))}
      </>
    );
  } else if (items) body = <Siblings items={items} depth={depth} groupKey={`${parent ?? ''}#anon`} />;

  return (
    <div role="group" class="tree-level">
      {body}
      {error ? <div class="tree-note" style={pad}><RequestError error={error} hasData={items !== undefined} /></div> : null}
      {loading && !items ? <div class="tree-note dim" style={pad}>loading…</div> : null}
      {count >= TREE_LEVEL_LIMIT ? (
        <div class="tree-note dim" style={pad}>the first {TREE_LEVEL_LIMIT.toLocaleString('en-US')} are shown: search to find the others</div>
      ) : null}
    </div>
  );
}

/** Named siblings as rows; anonymous ones too, or — when there are many — as one group. */
function Siblings({ items, depth, groupKey }: { items: TreeItem[]; depth: number; groupKey: string }) {
  const { shown, anonymous } = splitAnonymous(items);
  return (
    <>
      {shown.map((item) => <TreeNode key={item.path} item={item} depth={depth} />)}
      {anonymous.length ? (
        <GroupRow groupKey={groupKey} title="Unnamed entities" count={anonymous.length} depth={depth} items={anonymous}>
          <AnonymousPage items={anonymous} depth={depth + 1} />
        </GroupRow>
      ) : null}
    </>
  );
}

/** A collapsible heading row with a count; opens by itself when it holds the selected entity. */
function GroupRow({ groupKey, title, count, depth, items, children }: {
  groupKey: string; title: string; count: number; depth: number; items: TreeItem[]; children: ComponentChildren;
}) {
  const tree = useTree();
  const open = tree.expanded.has(groupKey);
  const holdsSelected = tree.selected !== undefined && items.some((i) => i.path === tree.selected);
  useEffect(() => {
    if (holdsSelected && !open) tree.toggle(groupKey, true);
  }, [holdsSelected, tree.selected]);
  return (
    <>
      <div
        role="treeitem"
        aria-level={depth + 1}
        aria-expanded={open}
        tabIndex={-1}
        data-path={groupKey}
        data-group="true"
        data-parent=""
        class={`tree-row group${open ? ' open' : ''}`}
        style={{ paddingLeft: `${6 + depth * 14}px` }}
        onClick={() => tree.toggle(groupKey)}
      >
        <span class="caret" aria-hidden="true" data-testid="tree-toggle">{open ? '▾' : '▸'}</span>
        <span class="name">{title}</span>
        <span class="count">{count.toLocaleString('en-US')}</span>
      </div>
      {open ? <div role="group">{children}</div> : null}
    </>
  );
}

/** One page of an anonymous group, with paging when it holds more than a page. */
function AnonymousPage({ items, depth }: { items: TreeItem[]; depth: number }) {
  const tree = useTree();
  const pages = Math.max(1, Math.ceil(items.length / ANON_PAGE));
  const selectedAt = tree.selected === undefined ? -1 : items.findIndex((i) => i.path === tree.selected);
  const [page, setPage] = useState(selectedAt >= 0 ? Math.floor(selectedAt / ANON_PAGE) : 0);
  useEffect(() => { if (selectedAt >= 0) setPage(Math.floor(selectedAt / ANON_PAGE)); }, [tree.selected]);
  const p = Math.min(page, pages - 1);
  const slice = items.slice(p * ANON_PAGE, (p + 1) * ANON_PAGE);
  const pad = { paddingLeft: `${20 + depth * 14}px` };
  const pager = pages > 1 ? (
    <div class="tree-note pager-row" style={pad}>
      <button type="button" class="small" disabled={p === 0} onClick={() => setPage(p - 1)} aria-label="Previous page">◀</button>
      <span class="dim">{(p * ANON_PAGE + 1).toLocaleString('en-US')}–{(p * ANON_PAGE + slice.length).toLocaleString('en-US')} of {items.length.toLocaleString('en-US')}</span>
      <button type="button" class="small" disabled={p >= pages - 1} onClick={() => setPage(p + 1)} aria-label="Next page">▶</button>
    </div>
  ) : null;
  return (
    <>
      {pager}
      {slice.map((item) => <TreeNode key={item.path} item={item} depth={depth} />)}
    </>
  );
}

function TreeNode({ item, depth }: { item: TreeItem; depth: number }) {
  const tree = useTree();
  const open = tree.expanded.has(item.path) && (hasChildrenIn(tree.index, item.path) ?? !tree.leaves.has(item.path));
  return (
    <>
      <TreeRow item={item} depth={depth} />
      {open ? <TreeLevel query={childrenQuery(item.path)} depth={depth + 1} parent={item.path} /> : null}
    </>
  );
}
