// The timeline under the title bar (inside the paused banner): the recorded range from GET /history
// as a slider, marks where outside writes came in and where alerts rose, and, while a past frame
// is shown, "live" and "restore here". Dragging it shows that frame in the tree, inspector and
// query results (they read with at=) and the viewport (PUT /history/view), marked as the past;
// export and import carry the recording as a file. Without history it is the plain banner.
import { useState } from 'preact/hooks';
import { errorText } from '../client';
import { useClient, usePastFrame, useRest } from '../ui';
import { historyMarks, type HistoryReply } from './history-marks';
import { HistoryFileButtons } from './history-file-buttons';
import { PausedBanner } from './paused-banner';
import { useViewportCursor } from './viewport-cursor';


/** How often the timeline re-reads GET /history (ms). */
export const HISTORY_POLL_MS = 1000;

/** The banner with the timeline when the host keeps history. */
export function Timeline() {
  const client = useClient();
  const past = usePastFrame();
  const history = useRest<HistoryReply>('/history', { intervalMs: HISTORY_POLL_MS });
  const [error, setError] = useState<string | undefined>();
  const h = history.data;
  // The viewport draws what the panels show: the scrubbed frame, marked as the past, or the live world.
  useViewportCursor(past.frame, h !== undefined);
  if (!h) return <PausedBanner />;
  // The live world's frame: the last recorded, except while an opened file holds it at its first.
  const live = h.frame;
  const shown = past.frame ?? live;
  const restore = (frame: number) => {
    setError(undefined);
    client.put(`/history/restore?frame=${frame}`).then(() => past.set(undefined), (err: unknown) => setError(errorText(err)));
  };
  return (
    <PausedBanner frame={h.frame} viewing={past.frame}>
      <div class="timeline" data-testid="timeline">
        <span class="dim mono">{h.first}</span>
        <div class="timeline-track">
          <input type="range" aria-label="Frame shown (drag back to see the past)" min={h.first} max={h.last} value={shown}
            onInput={(e) => { const f = Number((e.target as HTMLInputElement).value); past.set(f === live ? undefined : f); }} />
          {historyMarks(h).map((m) => (
            <span key={`${m.kind}${m.frame}`} class={`mark mark-${m.kind}`} style={{ left: `${m.at * 100}%` }} title={m.title} />
          ))}
        </div>
        <span class="dim mono">{h.last}</span>
        {past.frame !== undefined ? (
          <>
            <button type="button" onClick={() => past.set(undefined)} title="Show the live world again">live</button>
            <button type="button" onClick={() => restore(past.frame!)} title="Make the live world this frame (pauses time, drops the later frames)">restore here</button>
          </>
        ) : null}
        <HistoryFileButtons shown={shown} first={h.first} onError={setError} onOpened={() => past.set(undefined)} />
        {error ? <span class="field-error" role="alert">{error}</span> : null}
      </div>
    </PausedBanner>
  );
}
