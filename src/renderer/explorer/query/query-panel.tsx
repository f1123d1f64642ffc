// The query panel: a query in the DSL (validated while typing with try=true, errors shown with
// their position) or `?-Name(var: value)` for a named query; results as a paged table with the
// evaluation time, re-read every second while "live" is on.
import type { Ref } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { queryUrl, type QueryFlag, type QueryReply } from '../client';
import { BreakForm } from '../breakpoints';
import { addRecent, loadRecent, saveRecent } from '../state';
import { ErrorText, Note, Panel, RequestError, useLive } from '../ui';
import { QueryBox } from './query-box';
import { parseQueryInput } from './query-input';
import { entityCount, flattenQueryReply, type ResultTable } from './result-table';
import { ResultsView } from './results-view';
import { useQueryNames } from './use-query-names';
import { formatSeconds } from '../stats';

/** Delay between the last keystroke and validating/running the query, in ms. */
export const QUERY_DEBOUNCE_MS = 250;

/** Poll period of live results, in ms. */
export const QUERY_POLL_MS = 1000;

/** Page sizes offered. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;

/** What the results table asks the server for. */
export const RESULT_FLAGS: readonly QueryFlag[] = [
  'term_ids', 'ids', 'sources', 'values', 'type_info', 'entity_labels', 'variable_labels', 'colors', 'duration', 'count',
];

/** Props of QueryPanel. */
export interface QueryPanelProps {
  text: string;
  onText(text: string): void;
  inputRef: Ref<HTMLInputElement>;
}

function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Shows an error the way the server does: message, the expression, and a caret under the position. */
function withCaret(message: string, text: string, position: number): string {
  return `${message}\n${text}\n${' '.repeat(Math.max(0, position))}^`;
}

/** The query panel. */
export function QueryPanel({ text, onText, inputRef }: QueryPanelProps) {
  const [debounced, setDebounced] = useState(text);
  const [offset, setOffset] = useState(0);
  const [limit, setLimit] = useState<number>(50);
  const [live, setLive] = useState(true);
  const [breakOpen, setBreakOpen] = useState(false);
  const [recent, setRecent] = useState<string[]>(() => loadRecent(localStore()));
  const names = useQueryNames();

  useEffect(() => {
    const t = setTimeout(() => setDebounced(text), QUERY_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  useEffect(() => setOffset(0), [debounced, limit]);

  const input = useMemo(() => parseQueryInput(debounced), [debounced]);
  const url = input.kind === 'query'
    ? queryUrl({ q: input.q }, { flags: [...RESULT_FLAGS, 'try'], offset, limit })
    : input.kind === 'named'
      ? queryUrl({ name: input.name, vars: input.vars }, { flags: RESULT_FLAGS, offset, limit })
      : null;
  const [invalidQuery, setInvalidQuery] = useState(false);
  // A query that does not parse gives the same error every time: no need to poll it.
  const { data, error, loading, stale, watching, frame } = useLive<QueryReply>(url, { intervalMs: live && !invalidQuery ? QUERY_POLL_MS : 0, keep: true });
  const replyInvalid = data !== undefined && !stale && data.error !== undefined;
  useEffect(() => setInvalidQuery(replyInvalid), [replyInvalid]);
  const table = useMemo(() => (data && data.error === undefined ? flattenQueryReply(data) : undefined), [data]);

  let parseError: { message: string; position?: number } | undefined;
  if (input.kind === 'error') parseError = { message: withCaret(input.message, debounced, input.position), position: input.position };
  else if (data?.error !== undefined && !stale) parseError = data.position === undefined ? { message: data.error } : { message: data.error, position: data.position };
  else if (error?.position !== undefined) parseError = { message: error.message, position: error.position };

  const run = () => {
    setDebounced(text);
    const next = addRecent(recent, text);
    setRecent(next);
    saveRecent(localStore(), next);
  };

  // The last good results stay on screen, dimmed, while the text in the box does not parse.
  const lastGood = useRef<{ table: ResultTable; count: number; offset: number } | undefined>(undefined);
  if (table && data && !parseError) lastGood.current = { table, count: entityCount(data), offset };
  else if (input.kind === 'empty') lastGood.current = undefined;
  const kept = parseError ? lastGood.current : undefined;
  const shown = kept ?? (table && data ? { table, count: entityCount(data), offset } : undefined);
  const upToDate = debounced === text;
  return (
    <Panel
      name="query"
      title="Query"
      class="query-panel"
      raw={url}
      actions={
        <>
        {input.kind === 'query' ? (
          <button type="button" class="small" aria-expanded={breakOpen} onClick={() => setBreakOpen(!breakOpen)}
            title="Make a breakpoint of this query: the world pauses after the frame an entity starts or stops matching it">break when…</button>
        ) : null}
        <label class="toggle" title="Follow the results: a watch stream where the server offers one, else a re-read every second">
          <input type="checkbox" checked={live} onChange={(e) => setLive((e.currentTarget as HTMLInputElement).checked)} /> live
        </label>
        </>
      }
    >
      <QueryBox
        text={text}
        errorAt={upToDate ? parseError?.position : undefined}
        recent={recent}
        inputRef={inputRef}
        onText={onText}
        onRun={run}
        names={names}
      />
      {breakOpen && input.kind === 'query' ? <BreakForm key={input.q} target={{ kind: 'query', q: input.q }} onDone={() => setBreakOpen(false)} /> : null}
      {parseError && upToDate ? <ErrorText error={parseError.message} /> : null}
      {error && error.position === undefined ? <RequestError error={error} hasData={data !== undefined} /> : null}
      {input.kind === 'empty' ? (
        <Note>
          Type a query, e.g. <code>Position, Velocity</code> or <code>(ChildOf, Sun), Planet</code>, or run a named
          query with <code>?-Name</code> — a rule with variables takes arguments: <code>?-ShipsHeadingTo(planet: Sun.Earth)</code>.
          Press <code>/</code> to focus the box from anywhere.
        </Note>
      ) : null}
      {shown ? (
        <div class={kept ? 'results-area stale' : 'results-area'} data-testid="query-results" data-stale={kept ? 'true' : undefined} title={kept ? 'The results of the last query that ran: fix the query to run it' : undefined}>
          <div class="results-bar" data-live={watching ? 'watch' : 'poll'} data-frame={watching ? frame : undefined}>
            <span class="dim">
              <span data-testid="query-count">
                {shown.count ? `rows ${(shown.offset + 1).toLocaleString('en-US')}–${(shown.offset + shown.count).toLocaleString('en-US')}` : shown.offset ? 'no more rows' : 'no matches'}
                {shown.table.total !== undefined && (shown.count || shown.offset) ? ` of ${shown.table.total.toLocaleString('en-US')}` : ''}
                {kept ? ' · results of the last query that ran' : ''}
              </span>
              {shown.table.seconds !== undefined ? <span data-testid="query-duration">{` · evaluated in ${formatSeconds(shown.table.seconds)}`}</span> : ''}
              {loading ? ' · loading…' : ''}
              {kept ? '' : live ? (watching ? ' · live (watch)' : ' · live (polled)') : ''}
            </span>
            <span class="pager">
              <button type="button" class="small" disabled={kept !== undefined || offset === 0} onClick={() => setOffset(Math.max(0, offset - limit))}>◀ prev</button>
              <button type="button" class="small" disabled={kept !== undefined || (shown.table.total !== undefined ? offset + shown.count >= shown.table.total : shown.count < limit)} onClick={() => setOffset(offset + limit)}>next ▶</button>
              <select aria-label="Rows per page" value={String(limit)} onChange={(e) => setLimit(Number((e.currentTarget as HTMLSelectElement).value))}>
                {PAGE_SIZES.map((n) => <option key={n} value={String(n)}>{n} / page</option>)}
              </select>
            </span>
          </div>
          {shown.table.rows.length ? <ResultsView table={shown.table} /> : null}
        </div>
      ) : null}
    </Panel>
  );
}
