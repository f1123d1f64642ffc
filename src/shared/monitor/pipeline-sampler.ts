// Per-system statistics: after each frame, every system's time and match counts go into that
// system's own windows. Windows are allocated when a system appears in the pipeline (not per
// frame) and dropped when it is deleted.
import type { SystemRecord } from '../pipeline';
import type { Entity } from '../ecs';
import { SYSTEM_METRICS } from './metrics';
import { tidy, Windows } from './windows';

/** The part of the pipeline the sampler reads. */
export interface SampledPipeline {
  /** Systems in run order. */
  list(): readonly SystemRecord[];
  /** Bumped whenever the run order changes. */
  readonly rebuilds: number;
}

/** A system and its windows. */
export interface SystemSeries {
  readonly entity: Entity;
  readonly windows: Windows;
}

/** Samples the systems of a pipeline. */
export class PipelineSampler {
  /** Systems in pipeline order, as of the last sample. */
  systems: SystemSeries[] = [];
  private records: readonly SystemRecord[] = [];
  private lastRebuilds = -1;

  /** Adds one 1s sample per system from its stats of the last frame. */
  sample(pipeline: SampledPipeline): void {
    // The frame has just called list() (which drops deleted systems and bumps `rebuilds`), so
    // the run order can only have changed if `rebuilds` did: no need to scan the systems again.
    if (pipeline.rebuilds !== this.lastRebuilds) this.follow(pipeline.list(), pipeline.rebuilds);
    const list = this.records, systems = this.systems;
    for (let i = 0; i < list.length; i++) {
      const st = list[i]!.stats, w = systems[i]!.windows, hot = w.hot, at = w.begin();
      hot[at] = tidy(st.timeSpent);
      hot[at + 1] = st.matchedEntities;
      hot[at + 2] = st.matchedTables;
      hot[at + 3] = tidy(st.mergeTime);
      hot[at + 4] = st.commandsEnqueued;
      w.end();
    }
  }

  /** Closes levels 1 … depth of every system's windows (see Cadence.tick). */
  close(depth: number): void {
    for (const s of this.systems) s.windows.close(depth);
  }

  /** Bytes held by all systems' windows. */
  get byteLength(): number {
    let n = 0;
    for (const s of this.systems) n += s.windows.byteLength;
    return n;
  }

  /** Re-aligns the series with the pipeline's systems, keeping the windows of systems that stay. */
  private follow(list: readonly SystemRecord[], rebuilds: number): void {
    const known = new Map<Entity, Windows>();
    for (const s of this.systems) known.set(s.entity, s.windows);
    this.systems = list.map((r) => ({ entity: r.entity, windows: known.get(r.entity) ?? new Windows(SYSTEM_METRICS.length) }));
    this.records = list.slice();
    this.lastRebuilds = rebuilds;
  }
}
