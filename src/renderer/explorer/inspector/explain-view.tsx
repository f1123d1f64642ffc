// "Why (not) matched?": for a named query, rule or system, or the expression in the query box,
// whether the inspected entity matches and, step by step, what held and what did not (a missing
// component, a disabled entity, a prefab, a failed traversal, an unbound variable, a `!` term that
// excluded it). Read from GET /explain/<path>, the query engine's own explanation.
import { useState } from 'preact/hooks';
import { entityUrlPath, queryUrl, type ExplainReply, type QueryReply } from '../client';
import { EntityLink, ErrorText, Note, useRest } from '../ui';
import { parseQueryInput } from '../query';
import { echoed } from '../../../shared/protocol/constants';

const QUERIES_URL = queryUrl({ q: 'ecs.core.Query' }, { limit: 5000 });

/** The named queries, rules and systems of the world (paths). */
function useNamedQueries(): string[] {
  const reply = useRest<QueryReply>(QUERIES_URL, { intervalMs: 60_000 });
  const out: string[] = [];
  for (const r of reply.data?.results ?? []) for (const e of r.entities ?? []) out.push(r.parent ? `${r.parent}.${e}` : String(e));
  return out.sort();
}

/** GET /explain/<path> for a choice: a named query (`name`) or the query box's text. */
export function explainUrl(path: string, choice: string, queryText: string): string | null {
  const at = `/explain/${entityUrlPath(path)}`;
  if (choice !== '') return `${at}?name=${encodeURIComponent(choice)}`;
  const input = parseQueryInput(queryText);
  if (input.kind === 'query') return `${at}?q=${encodeURIComponent(input.q)}`;
  if (input.kind === 'named') {
    const vars = input.vars?.length ? `&vars=${encodeURIComponent(input.vars.map(([k, v]) => `${k}:${v}`).join(','))}` : '';
    return `${at}?name=${encodeURIComponent(input.name)}${vars}`;
  }
  return null;
}

/** Props of ExplainView. */
export interface ExplainViewProps {
  path: string;
  /** The text in the query box (offered as "the query box"). */
  queryText: string;
}

/** The section. */
export function ExplainView({ path, queryText }: ExplainViewProps) {
  const names = useNamedQueries();
  const [choice, setChoice] = useState('');
  const url = explainUrl(path, choice, queryText);
  const { data, error } = useRest<ExplainReply>(url, { intervalMs: 1000, keep: true });
  return (
    <section class="section explain" aria-label="Why matched or not">
      <h4>Why (not) matched?</h4>
      <label class="explain-choice">
        <span class="dim">query</span>{' '}
        <select aria-label="Query to explain" value={choice} onChange={(e) => setChoice((e.currentTarget as HTMLSelectElement).value)}>
          <option value="">the query box{queryText ? `: ${echoed(queryText, 40)}` : ' (empty)'}</option>
          {names.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      {url === null ? <Note>Type a query in the query box, or pick a named query, rule or system.</Note> : null}
      {error && url !== null ? <ErrorText error={error.message} /> : null}
      {data && url !== null && !error ? (
        <div data-testid="explain-result">
          <p class={`verdict ${data.matches ? 'ok' : 'no'}`} data-matches={data.matches}>
            {data.matches ? '✓ matches' : '✗ does not match'} <span class="mono dim">{data.query}</span>
          </p>
          {data.blockers.map((b) => <p key={b.code} class="blocker" data-code={b.code}>✗ {b.message}</p>)}
          <ol class="explain-steps">
            {data.steps.map((s, i) => (
              <li key={i} class={s.holds ? 'holds' : 'fails'} data-holds={s.holds}>
                <span class="mark" aria-hidden="true">{s.holds ? '✓' : '✗'}</span>{' '}
                <span class="mono">{s.oper === 'not' ? '!' : s.oper === 'optional' ? '?' : ''}{s.text}</span>
                {s.source ? <> on <EntityLink path={s.source} /></> : null}
                {s.via ? <span class="dim"> via {s.via}</span> : null}
                {s.why ? <div class="why">{s.why.message}</div> : null}
              </li>
            ))}
          </ol>
          {Object.keys(data.vars).length ? (
            <p class="dim">with {Object.entries(data.vars).map(([k, v]) => `$${k} = ${v}`).join(', ')}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
