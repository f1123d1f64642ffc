// The ecs.monitor module's entities: the WorldSummary component on the World (what the explorer's
// load meter reads) and the (WorldStats, Period…) / (PipelineStats, Period…) pairs that say, as in
// the reference server, which statistics the World keeps. The statistics themselves are served by
// /stats, not stored in components, so those pairs carry no data.
import { entityIndex, markBuiltinTree, type Column, type Entity, type Table, type World } from '../ecs';
import { PERIODS } from './windows';

const SECONDS = 'ecs.units.Duration.Seconds';
const seconds = { type: 'f64', unit: SECONDS } as const;

/** Ids of the monitor module. */
export interface MonitorIds {
  readonly module: Entity;
  readonly WorldSummary: Entity;
  readonly WorldStats: Entity;
  readonly PipelineStats: Entity;
  /** Period1s … Period1w, in PERIODS order. */
  readonly periods: readonly Entity[];
}

/** Creates ecs.monitor and adds its ids to the World entity. */
export function createMonitorModule(world: World): MonitorIds {
  const c = world.core;
  const module = world.entity({ name: 'monitor', parent: c.ecs });
  world.add(module, c.Module);
  world.setDoc(module, 'brief', 'World and pipeline statistics (served by /stats) and the World summary');
  const WorldSummary = world.component('WorldSummary', {
    target_fps: { type: 'f64', unit: 'ecs.units.Frequency.Hertz' },
    frame_time_total: seconds,
    system_time_total: seconds,
    merge_time_total: seconds,
    frame_time_last: seconds,
    system_time_last: seconds,
    merge_time_last: seconds,
    simulation_time_total: seconds,
  }, { parent: module, brief: 'Frame rate target, frame timings and simulated time of the running app' });
  const WorldStats = world.tag('WorldStats', { parent: module, brief: 'World statistics, as (WorldStats, <period>): see /stats/world/<period>' });
  const PipelineStats = world.tag('PipelineStats', { parent: module, brief: 'Pipeline statistics, as (PipelineStats, <period>): see /stats/pipeline/<period>' });
  const periods = PERIODS.map((p) => world.tag(`Period${p}`, { parent: module, brief: `Statistics window of ${p}, 60 samples` }));
  markBuiltinTree(world, module);

  world.set(c.World, WorldSummary, {});
  for (const stats of [WorldStats, PipelineStats]) for (const p of periods) world.add(c.World, world.pair(stats, p));
  return { module, WorldSummary, WorldStats, PipelineStats, periods };
}

/** Keeps the World's WorldSummary up to date (running totals and the last frame's values). */
export class SummaryWriter {
  frameTimeTotal = 0;
  systemTimeTotal = 0;
  mergeTimeTotal = 0;
  private readonly index: number;
  /** The World's table and its WorldSummary column, looked up again only when the World moves. */
  private table: Table | undefined;
  private column: Column | undefined;
  /** What each write marks written (World.modified): the summary component alone. */
  private readonly written: readonly Entity[];

  constructor(private readonly world: World, private readonly summary: Entity) {
    this.index = entityIndex(world.core.World);
    this.written = [summary];
  }

  /**
   * Writes the summary straight into the World's column: no command, no observer, no allocation
   * (a set would count as a command every frame). Skipped when the World no longer has it.
   */
  write(targetFps: number, frameTime: number, systemTime: number, mergeTime: number, simulationTime: number): void {
    this.frameTimeTotal += frameTime;
    this.systemTimeTotal += systemTime;
    this.mergeTimeTotal += mergeTime;
    const entities = this.world.entities;
    const table = entities.table[this.index];
    if (table !== this.table) { this.table = table; this.column = table?.column(this.summary); }
    const column = this.column;
    if (!column) return;
    const row = entities.row[this.index]!, a = column.arrays as Float64Array[];
    a[0]![row] = targetFps;
    a[1]![row] = this.frameTimeTotal;
    a[2]![row] = this.systemTimeTotal;
    a[3]![row] = this.mergeTimeTotal;
    a[4]![row] = frameTime;
    a[5]![row] = systemTime;
    a[6]![row] = mergeTime;
    a[7]![row] = simulationTime;
    this.world.modified(this.written);
  }
}
