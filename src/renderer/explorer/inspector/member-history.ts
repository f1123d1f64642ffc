// The recent values of one numeric member of the inspected entity, for its live plot: a sample
// each time the inspector's reply changes (from the watch stream, or a poll without watches),
// kept for PLOT_WINDOW_S seconds. No request of its own.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { IdPath } from '../client';
import type { EntityView } from './entity-view';
import { valueAt, type MemberPath } from './type-fields';

/** Seconds of history a member plot shows. */
export const PLOT_WINDOW_S = 60;

/** The member a plot follows: a component (own or inherited) and a path inside its value. */
export interface PlottedMember {
  id: IdPath;
  path: MemberPath;
  /** "Position.x". */
  label: string;
}

/** Samples of a plotted member: seconds (page clock) and values. */
export interface MemberSamples {
  times: number[];
  values: number[];
}

/** The member's value in an entity view, if it is a number. */
export function memberValue(view: EntityView, member: PlottedMember): number | undefined {
  const key = member.id.join('\u0000');
  const entry = [...view.components, ...view.bases.flatMap((b) => b.components)].find((c) => c.id.join('\u0000') === key);
  const v = entry ? valueAt(entry.value, member.path) : undefined;
  return typeof v === 'number' ? v : undefined;
}

/** Appends a sample and drops those older than the window; returns the same object (mutated). */
export function addSample(s: MemberSamples, t: number, v: number): MemberSamples {
  s.times.push(t);
  s.values.push(v);
  let drop = 0;
  while (drop < s.times.length && s.times[drop]! < t - PLOT_WINDOW_S) drop++;
  if (drop > 0) { s.times.splice(0, drop); s.values.splice(0, drop); }
  return s;
}

/** Follows a member across the views the inspector shows; restarts when the member or entity changes. */
export function useMemberHistory(view: EntityView | undefined, member: PlottedMember | undefined): MemberSamples {
  const samples = useRef<MemberSamples>({ times: [], values: [] });
  const [, setVersion] = useState(0);
  const key = member ? `${view?.path}|${member.label}|${member.id.join(',')}` : '';
  useEffect(() => { samples.current = { times: [], values: [] }; setVersion((n) => n + 1); }, [key]);
  useEffect(() => {
    if (!view || !member) return;
    const v = memberValue(view, member);
    if (v === undefined) return;
    addSample(samples.current, performance.now() / 1000, v);
    setVersion((n) => n + 1);
  }, [view, key]);
  return samples.current;
}
