// Play, pause, step and speed: the explorer's face of ecs.app.TimeControl on the World entity.
// It reads the World reply the title bar already has and writes with PUT /set like any client;
// against a server without time control it shows nothing.
import { useState } from 'preact/hooks';
import { errorText, setUrl, type EntityReply } from './client';
import { useClient } from './ui';

/** Component path of the time control on the World entity. */
export const TIME_CONTROL_ID = 'ecs.app.TimeControl';
/** Speeds the explorer offers (time_scale). */
export const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 4] as const;

/** The TimeControl value in a World entity reply (with values), if the server has one. */
export function timeControlOf(reply: EntityReply | undefined): { paused: boolean; step: number; time_scale: number } | undefined {
  const i = reply?.ids?.findIndex((id) => id.length === 1 && id[0] === TIME_CONTROL_ID) ?? -1;
  const v = i >= 0 ? reply?.values?.[i] : undefined;
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  return { paused: o.paused === true, step: Number(o.step) || 0, time_scale: Number(o.time_scale) };
}

/** Play/pause, step one frame, and a speed selector. */
export function TimeControls({ world }: { world: EntityReply | undefined }) {
  const client = useClient();
  const [error, setError] = useState<string | undefined>();
  const tc = timeControlOf(world);
  if (!tc) return null;
  const set = (value: Record<string, unknown>) => {
    setError(undefined);
    client.put(setUrl('ecs.core.World', { ids: [[TIME_CONTROL_ID]], values: [value] })).catch((err: unknown) => setError(errorText(err)));
  };
  return (
    <div class="time-controls" role="group" aria-label="Time control" data-paused={tc.paused} data-speed={tc.time_scale}>
      <button type="button" onClick={() => set({ paused: !tc.paused })} title={tc.paused ? 'Resume the simulation' : 'Pause the simulation (frames, REST and statistics go on)'}>
        {tc.paused ? '▶ play' : '❚❚ pause'}
      </button>
      <button type="button" disabled={!tc.paused} onClick={() => set({ step: tc.step + 1 })} title="Advance one simulation tick">step</button>
      <label title="Simulation speed (time_scale)">
        <span class="dim">speed</span>{' '}
        <select value={String(tc.time_scale)} onChange={(e) => set({ time_scale: Number((e.target as HTMLSelectElement).value) })}>
          {[...new Set([...SPEEDS, tc.time_scale])].sort((a, b) => a - b).map((s) => <option key={s} value={String(s)}>{s}×</option>)}
        </select>
      </label>
      {tc.paused ? <span class="paused">paused</span> : null}
      {error ? <span class="field-error" role="alert">{error}</span> : null}
    </div>
  );
}
