// The inspector's live plot of one numeric member over the last 60 s, drawn with uPlot.
import { UPlotChart } from '../stats';
import type { MemberSamples, PlottedMember } from './member-history';

/** Props of MemberPlot. */
export interface MemberPlotProps {
  member: PlottedMember;
  samples: MemberSamples;
  /** True when the samples come from a watch stream (else from polling). */
  watching: boolean;
  onClose(): void;
}

/** A plot of the member's recent values (x: seconds before the newest sample). */
export function MemberPlot({ member, samples, watching, onClose }: MemberPlotProps) {
  const last = samples.times.at(-1) ?? 0;
  const times = samples.times.map((t) => t - last);
  return (
    <section class="section member-plot" data-plot={member.label}>
      <h4>
        {member.label} <span class="count">last 60 s · {watching ? 'live' : 'polled'} · {samples.values.length} samples</span>
        <button type="button" class="icon" title="Close the plot" onClick={onClose}>✕</button>
      </h4>
      <UPlotChart times={times} series={[{ label: member.label, values: samples.values }]} unit="count" height={120} />
    </section>
  );
}
