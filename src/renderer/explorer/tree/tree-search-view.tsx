// The tree while the search box has text: the matching entities with their ancestors, matches
// highlighted. It reads the list of all entities (every 5 s while searching) and filters it here.
import { useMemo } from 'preact/hooks';
import { ALL_ENTITIES_QUERY, treeLevelUrl, type QueryReply } from '../client';
import { RequestError, useRest } from '../ui';
import { treeItems } from './tree-items';
import { MAX_MATCHES, searchTree } from './tree-search';
import { TreeRow } from './tree-row';

/** Most entities the search reads (the server's largest page). */
export const SEARCH_LIMIT = 10_000;

/** How often the entity list is re-read while searching, in ms. */
export const SEARCH_POLL_MS = 5000;

/** The search results as a tree. */
export function TreeSearchView({ text }: { text: string }) {
  const { data, error, loading } = useRest<QueryReply>(treeLevelUrl(ALL_ENTITIES_QUERY, SEARCH_LIMIT), { intervalMs: SEARCH_POLL_MS, keep: true });
  const all = useMemo(() => (data ? treeItems(data) : undefined), [data]);
  const result = useMemo(() => (all ? searchTree(all, text) : undefined), [all, text]);
  const pad = { paddingLeft: '20px' };
  return (
    <div role="group" class="tree-level">
      {result ? (
        <div class="tree-note dim search-count" style={pad} role="status">
          {result.matches === 0 ? 'no entity name, label or path contains this text'
            : `${result.matches.toLocaleString('en-US')} ${result.matches === 1 ? 'match' : 'matches'}${result.matches > MAX_MATCHES ? ` (first ${MAX_MATCHES} shown)` : ''}`}
        </div>
      ) : null}
      {result?.rows.map((r) => (
        <TreeRow key={r.item.path} item={r.item} depth={r.depth} expandable={false} searchOpen={!r.match || result.rows.some((x) => x.item.parent === r.item.path)} highlight={r.match ? text : undefined} />
      ))}
      {error ? <div class="tree-note" style={pad}><RequestError error={error} hasData={all !== undefined} /></div> : null}
      {loading && !all ? <div class="tree-note dim" style={pad}>searching…</div> : null}
      {all && all.length >= SEARCH_LIMIT ? <div class="tree-note dim" style={pad}>only the first {SEARCH_LIMIT.toLocaleString('en-US')} entities were searched</div> : null}
    </div>
  );
}
