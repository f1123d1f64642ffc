// The names the query box completes: components, tags and relationships (every declared tag, and
// every id some table has), and named queries, rules and systems. Read once a minute; they change rarely.
import { useMemo } from 'preact/hooks';
import { TABLES_URL, childPath, queryUrl, type QueryReply } from '../client';
import { tablesIndex } from '../tree';
import { useRest } from '../ui';
import type { NameCandidate } from './completion';

/** How often the names are re-read, in ms. */
export const NAMES_POLL_MS = 60_000;

const COMPONENTS_URL = queryUrl({ q: 'ecs.core.Component' }, { limit: 5000 });
const QUERIES_URL = queryUrl({ q: 'ecs.core.Query' }, { limit: 5000 });
const TAGS_URL = queryUrl({ q: 'ecs.core.Tag' }, { limit: 5000 });

function paths(reply: QueryReply | undefined): string[] {
  const out: string[] = [];
  for (const r of reply?.results ?? []) for (const e of r.entities ?? []) if (typeof e === 'string') out.push(childPath(r.parent, e));
  return out;
}

/** The candidates, each path once (a component is not offered again as a tag). */
export function useQueryNames(): NameCandidate[] {
  const components = useRest<QueryReply>(COMPONENTS_URL, { intervalMs: NAMES_POLL_MS });
  const queries = useRest<QueryReply>(QUERIES_URL, { intervalMs: NAMES_POLL_MS });
  const tags = useRest<QueryReply>(TAGS_URL, { intervalMs: NAMES_POLL_MS });
  const tables = useRest<unknown>(TABLES_URL, { intervalMs: NAMES_POLL_MS });
  return useMemo(() => {
    const seen = new Map<string, NameCandidate>();
    for (const path of paths(components.data)) seen.set(path, { path, kind: 'component' });
    for (const path of paths(queries.data)) if (!seen.has(path)) seen.set(path, { path, kind: 'query' });
    // Declared tags before anything has them (a ship gets LowFuel only when it runs low).
    const used = [...paths(tags.data), ...tablesIndex(tables.data)?.usedAsId ?? []];
    for (const path of used) if (!seen.has(path) && !/^\d+$/.test(path)) seen.set(path, { path, kind: 'tag' });
    return [...seen.values()];
  }, [components.data, queries.data, tags.data, tables.data]);
}
