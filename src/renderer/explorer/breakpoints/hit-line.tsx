// The paused banner's breakpoint line: while the world stands at a breakpoint's hit, it names the
// breakpoint, the frame and the entities that triggered it (links that open them in the inspector
// and the tree), with Continue (resume), Step (one frame) and, when the host keeps history, Step
// back (the live world becomes the frame before the hit, paused). A new hit re-reads everything
// at once, so the banner does not wait for its own poll to say the world paused.
import { useEffect, useState } from 'preact/hooks';
import { HISTORY_URL, WORLD_URL, errorText, restoreUrl, setUrl, type EntityReply } from '../client';
import { TIME_CONTROL_ID, timeControlOf } from '../time-controls';
import { EntityLink, useClient, useRest } from '../ui';
import { hitStoodAt, shownEntities } from './break-rules';
import { useBreakpoints } from './use-breakpoints';

/** The recorded range of GET /history (the part the line needs). */
interface HistoryRange {
  first: number;
  last: number;
}

/** The line; renders nothing unless the world stands at a hit. */
export function BreakpointHitLine() {
  const client = useClient();
  const { reply } = useBreakpoints();
  const world = useRest<EntityReply>(WORLD_URL);
  const history = useRest<HistoryRange>(reply?.last_hit ? HISTORY_URL : null);
  const [error, setError] = useState<string | undefined>();
  const latest = reply?.last_hit ? `${reply.last_hit.breakpoint}@${reply.last_hit.frame}` : undefined;
  useEffect(() => { if (latest !== undefined) client.invalidate(); }, [latest, client]);
  const tc = timeControlOf(world.data);
  const hit = hitStoodAt(reply, tc?.paused === true);
  if (!hit) return null;
  const time = (value: Record<string, unknown>) => {
    setError(undefined);
    client.put(setUrl('ecs.core.World', { ids: [[TIME_CONTROL_ID]], values: [value] })).catch((err: unknown) => setError(errorText(err)));
  };
  const back = hit.frame - 1;
  const h = history.data;
  const canStepBack = h !== undefined && typeof h.first === 'number' && back >= h.first;
  const { shown, more } = shownEntities(hit);
  return (
    <div class="banner-line warn breakpoint-hit" data-testid="breakpoint-hit" data-frame={hit.frame}>
      <span><span aria-hidden="true">● </span>breakpoint <strong class="mono">{hit.breakpoint}</strong> hit at frame {hit.frame} ({hit.on}): </span>
      {shown.map((p, i) => <span key={p}>{i ? ', ' : ''}<EntityLink path={p} /></span>)}
      {more ? <span class="dim"> and {more} more</span> : null}
      <span class="hit-actions">
        <button type="button" class="small" onClick={() => time({ paused: false })} title="Resume the simulation">continue</button>
        <button type="button" class="small" onClick={() => time({ step: (tc?.step ?? 0) + 1 })} title="Run one frame; breakpoints are looked at after it">step</button>
        {canStepBack ? (
          <button type="button" class="small" title={`Make the live world frame ${back}, the frame before the hit (paused; later frames are dropped)`}
            onClick={() => { setError(undefined); client.put(restoreUrl(back)).catch((err: unknown) => setError(errorText(err))); }}>step back</button>
        ) : null}
      </span>
      {error ? <span class="field-error" role="alert">{error}</span> : null}
    </div>
  );
}
