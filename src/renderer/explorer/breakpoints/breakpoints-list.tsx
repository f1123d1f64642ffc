// The breakpoints as a table: name, query, when it fires, the one entity it watches, an enabled
// switch, its hits and the frame of its last hit, and delete; a breakpoint the host disabled
// (it outgrew the frame's budget) shows why. Live: it follows GET /breakpoints.
import { useEffect, useState } from 'preact/hooks';
import { breakpointUrl, deleteBreakpointUrl, errorText, type BreakpointInfo } from '../client';
import { EntityLink, Note, useClient } from '../ui';

/** Props of BreakpointsList. */
export interface BreakpointsListProps {
  breakpoints: readonly BreakpointInfo[];
}

/** A table of breakpoints with their switches. */
export function BreakpointsList({ breakpoints }: BreakpointsListProps) {
  const client = useClient();
  const [error, setError] = useState<string | undefined>();
  // A switch the user flipped shows its new state until the list says so too: the list is polled,
  // and a poll answered before the write landed would otherwise flip it back for a moment.
  const [flipped, setFlipped] = useState<ReadonlyMap<string, boolean>>(new Map());
  useEffect(() => {
    const waiting = [...flipped].filter(([name, on]) => breakpoints.find((b) => b.name === name)?.enabled === !on);
    if (waiting.length < flipped.size) setFlipped(new Map(waiting));
  }, [breakpoints, flipped]);
  const send = (method: 'PUT' | 'DELETE', url: string, onError?: () => void) => {
    setError(undefined);
    client.write(method, url).catch((err: unknown) => { onError?.(); setError(errorText(err)); });
  };
  const enable = (name: string, on: boolean) => {
    setFlipped(new Map(flipped).set(name, on));
    send('PUT', breakpointUrl(name, { enabled: on }), () => setFlipped((now) => { const next = new Map(now); next.delete(name); return next; }));
  };
  if (!breakpoints.length) return <Note>No breakpoints: add one from the query panel ("break when…") or an inspector field ("break").</Note>;
  return (
    <>
      <table class="breakpoints-table" data-testid="breakpoints-table">
        <thead><tr><th>Name</th><th>Query</th><th>On</th><th>Entity</th><th>Enabled</th><th>Hits</th><th>Last hit</th><th /></tr></thead>
        <tbody>
          {breakpoints.map((b) => (
            <tr key={b.name} data-breakpoint={b.name} class={b.enabled ? '' : 'dim'}>
              <td class="mono">{b.name}</td>
              <td class="mono query">{b.q}{b.error ? <div class="field-error">{b.error}</div> : null}</td>
              <td>{b.on}{b.once ? ' (once)' : ''}</td>
              <td>{b.path ? <EntityLink path={b.path} /> : <span class="dim">any</span>}</td>
              <td><input type="checkbox" aria-label={`Enable ${b.name}`} checked={flipped.get(b.name) ?? b.enabled} onChange={(e) => enable(b.name, (e.currentTarget as HTMLInputElement).checked)} /></td>
              <td class="mono">{b.hits}</td>
              <td class="mono">{b.last_hit ? `frame ${b.last_hit.frame}` : <span class="dim">—</span>}</td>
              <td><button type="button" class="small" aria-label={`Delete ${b.name}`} title={`Delete breakpoint ${b.name}`} onClick={() => send('DELETE', deleteBreakpointUrl(b.name))}>✕</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      {error ? <div class="field-error" role="alert">{error}</div> : null}
    </>
  );
}
