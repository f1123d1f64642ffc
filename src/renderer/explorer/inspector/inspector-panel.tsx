// The inspector: everything about the selected entity — doc fields, state actions, alerts,
// components (own and inherited per IsA base) with editable values, tags and pairs, and the named
// queries and systems it matches. Follows a watch of the entity when the server offers watches, else
// re-reads every second; any numeric member can be plotted live.
import { INSPECTOR_PARTS, entityUrl, type EntityReply } from '../client';
import { EntityLink, IdText, Note, Panel, RequestError, Swatch, useLive } from '../ui';
import { useEffect, useState } from 'preact/hooks';
import { BuildView } from './build-view';
import type { BuildStep } from './build-steps';
import { ComponentCard } from './component-card';
import { useMemberHistory, type PlottedMember } from './member-history';
import { MemberPlot } from './member-plot';
import { EntityActions } from './entity-actions';
import { entityTitle, entityView, idKey, type EntityView, type IdEntry } from './entity-view';
import { RelationsView } from './relations-view';
import { ExplainView } from './explain-view';
import { WorldSummary } from './world-summary';

/** How often the inspected entity is re-read, in ms. */
export const INSPECTOR_POLL_MS = 1000;

/** Props of InspectorPanel. */
export interface InspectorPanelProps {
  /** Dotted path of the entity, or undefined when nothing is selected. */
  path: string | undefined;
  /** Clears the selection (after a delete, or the close button). */
  onClose(): void;
  /** Puts a query into the query box and runs it (for "matches"). */
  onRunQuery(text: string): void;
  /** The text in the query box (the explanation can be asked for it). */
  queryText?: string;
  /** Shows another entity (after a create or rename in Build); without it Build is not shown. */
  onOpen?(path: string): void;
}

/** The inspector panel. */
export function InspectorPanel({ path, onClose, onRunQuery, queryText = '', onOpen }: InspectorPanelProps) {
  const url = path ? entityUrl(path, INSPECTOR_PARTS) : null;
  const { data, error, loading, watching } = useLive<EntityReply>(url, { intervalMs: INSPECTOR_POLL_MS });
  const view = data && path ? entityView(data, path) : undefined;
  const [plotted, setPlotted] = useState<PlottedMember | undefined>(undefined);
  useEffect(() => setPlotted(undefined), [path]);
  const samples = useMemberHistory(view, plotted);
  // Build's undo steps outlive the selection: a create or rename opens another entity.
  const [undoStack, setUndoStack] = useState<readonly BuildStep[]>([]);
  return (
    <Panel
      name="inspector"
      title="Inspector"
      class="inspector-panel"
      raw={url}
      actions={path ? <button type="button" class="icon" title="Close (clear the selection)" onClick={onClose}>✕</button> : null}
    >
      {!path ? <WorldSummary /> : null}
      {path ? <RequestError error={error} hasData={view !== undefined} prefix={`Cannot show ${path}:`} /> : null}
      {path && loading && !view ? <Note>loading {path}…</Note> : null}
      {path && view && plotted ? <MemberPlot member={plotted} samples={samples} watching={watching} onClose={() => setPlotted(undefined)} /> : null}
      {path && view ? <EntityDetails path={path} view={view} onClose={onClose} onRunQuery={onRunQuery} onPlot={setPlotted} watching={watching} queryText={queryText} /> : null}
      {(!path || view) && onOpen ? (
        <BuildView path={path || undefined} view={view} undoStack={undoStack} setUndoStack={setUndoStack} onOpen={onOpen} onClose={onClose} />
      ) : null}
    </Panel>
  );
}

interface EntityDetailsProps {
  path: string;
  view: EntityView;
  onClose(): void;
  onRunQuery(text: string): void;
  onPlot(m: PlottedMember): void;
  /** True while a watch stream updates the view (false: polling). */
  watching: boolean;
  queryText: string;
}

function EntityDetails({ path, view, onClose, onRunQuery, onPlot, watching, queryText }: EntityDetailsProps) {
  const title = entityTitle(view);
  return (
    <div class="entity" data-entity={view.path} data-live={watching ? 'watch' : 'poll'}>
      <div class="entity-head">
        <div class="entity-title">
          {view.color ? <Swatch color={view.color} /> : null}
          <h3 class={view.disabled ? 'disabled' : ''}>{title}</h3>
          {view.disabled ? <span class="badge disabled">disabled</span> : null}
        </div>
        <div class="entity-path mono" title="Path">{view.path}</div>
        {view.brief ? <p class="brief">{view.brief}</p> : null}
        {view.link ? <a class="doc-link" href={view.link} target="_blank" rel="noopener noreferrer">{view.link}</a> : null}
        <EntityActions path={path} disabled={view.disabled} onDeleted={onClose} />
      </div>

      <RelationsView view={view} />

      {view.alerts.length ? (
        <section class="section alerts">
          <h4>Alerts</h4>
          {view.alerts.map((a, i) => (
            <div key={i} class={`alert severity-${String(a.severity).toLowerCase()}`}>
              <span class="severity">{a.severity}</span>
              <span class="message">{a.message}</span>
              <EntityLink path={a.alert} short class="dim" />
            </div>
          ))}
        </section>
      ) : null}

      <section class="section">
        <h4>Components <span class="count">{view.components.length}</span></h4>
        {view.components.length ? view.components.map((c) => <ComponentCard key={idKey(c.id)} entity={path} entry={c} onPlot={onPlot} />) : <Note>no components with data</Note>}
      </section>

      {view.tags.length ? (
        <section class="section">
          <h4>Tags and pairs <span class="count">{view.tags.length}</span></h4>
          <Chips entries={view.tags} />
        </section>
      ) : null}

      {view.bases.map((b) => (
        <section class="section inherited" key={b.path}>
          <h4>Inherited from <EntityLink path={b.path} /></h4>
          {b.components.map((c) => <ComponentCard key={idKey(c.id)} entity={path} entry={c} inheritedFrom={b.path} onPlot={onPlot} />)}
          {b.tags.length ? <Chips entries={b.tags} /> : null}
          {!b.components.length && !b.tags.length ? <Note>nothing inherited (all overridden)</Note> : null}
        </section>
      ))}

      <ExplainView path={path} queryText={queryText} />

      {view.matches.length ? (
        <section class="section">
          <h4>Matched by <span class="count">{view.matches.length}</span></h4>
          <ul class="matches">
            {view.matches.map((m) => (
              <li key={m}>
                <EntityLink path={m} />
                <button type="button" class="small" title={`Run ?-${m} in the query panel`} onClick={() => onRunQuery(`?-${m}`)}>run</button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function Chips({ entries }: { entries: IdEntry[] }) {
  return (
    <div class="chips">
      {entries.map((t) => <span class="chip" key={idKey(t.id)}><IdText id={t.id} labels={t.label} /></span>)}
    </div>
  );
}
