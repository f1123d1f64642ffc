// The World entity's flecs.stats.WorldSummary and flecs.core.BuildInfo as Flecs 4 clients read
// them from the heartbeat (GET /entity/flecs/core/World): the explorer shows the frame rate,
// entity and table counts and the build, and sets target_fps through the same component. They
// are computed from the world, the app and the monitor's samples when asked; nothing stores them.
import { EcsError, type World } from '../../ecs';
import { statsReply } from '../../monitor';
import { hasMonitor } from '../../monitor';
import type { AppControl } from './app-control';
import { pipelineOf } from '../../pipeline';
import { recorderOf, startFpsOf } from './state';

/** Component keys of the World's computed summary, as Flecs 4 prints them. */
export const WORLD_SUMMARY_KEY = 'flecs.stats.WorldSummary';
export const BUILD_INFO_KEY = 'flecs.core.BuildInfo';

/** Version this dialect answers as (what the explorer shows in its build panel). */
const VERSION = { version: '4.1.6', version_major: 4, version_minor: 1, version_patch: 6 };

function latest(world: World, key: string): number {
  if (!hasMonitor(world)) return 0;
  const s = (statsReply(world, 'world', '1s') as Record<string, { avg: number[] }>)[key];
  return s ? s.avg[s.avg.length - 1] ?? 0 : 0;
}

function buildInfo(): Record<string, unknown> {
  return {
    compiler: 'ecs-live (TypeScript)', addons: ['FLECS_REST', 'FLECS_STATS', 'FLECS_ALERTS', 'FLECS_META', 'FLECS_DOC', 'FLECS_PIPELINE', 'FLECS_SYSTEM', 'FLECS_QUERY_DSL'],
    flags: [], ...VERSION, debug: false, sanitize: false, perf_trace: false,
  };
}

/** The computed components of the World entity: key -> JSON text, in reply order. */
export function worldSummaryParts(world: World, app: AppControl | undefined): [string, string][] {
  const summary = world.lookup('ecs.monitor.WorldSummary');
  const tc = world.lookup('ecs.app.TimeControl');
  const s = summary !== 0 ? world.get<Record<string, number>>(world.core.World, summary) ?? {} : {};
  const recorder = recorderOf(world);
  const timeScale = tc !== 0 ? Number(world.get<{ time_scale: number }>(world.core.World, tc)?.time_scale ?? 1) : 1;
  const value = {
    target_fps: app?.targetFps ?? s.target_fps ?? 0,
    time_scale: timeScale,
    fps: latest(world, 'performance.fps'),
    frame_time_total: s.frame_time_total ?? 0,
    system_time_total: s.system_time_total ?? 0,
    merge_time_total: s.merge_time_total ?? 0,
    entity_count: world.entities.aliveCount,
    table_count: world.tables.size,
    frame_count: app?.frameCount ?? 0,
    command_count: 0,
    frame_time_frame: s.frame_time_last ?? 0,
    system_time_frame: s.system_time_last ?? 0,
    merge_time_frame: s.merge_time_last ?? 0,
    // What the explorer's overview shows per frame: the systems the last frame ran, the commands
    // it queued (recorded for the Commands page), and observers, of which this world has none.
    systems_ran_frame: pipelineOf(world).last.systemsRan,
    observers_ran_frame: 0,
    command_count_frame: recorder === undefined ? 0 : recorder.commandCount(recorder.captureFrame()),
    simulation_time: s.simulation_time_total ?? 0,
    build_info: buildInfo(),
  };
  return [[WORLD_SUMMARY_KEY, JSON.stringify(value)], [BUILD_INFO_KEY, JSON.stringify(buildInfo())]];
}

/**
 * Applies a PUT of flecs.stats.WorldSummary: target_fps and time_scale; the message of what is
 * wrong otherwise. Flecs reads target_fps 0 as "no target" (and the explorer sends back the 0
 * it read); this host always has a target, so 0 goes back to the rate the host started with.
 */
export function setWorldSummary(world: World, app: AppControl | undefined, value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `value must be a JSON object such as {"target_fps":60}`;
  const v = value as Record<string, unknown>;
  const unknown = Object.keys(v).filter((k) => k !== 'target_fps' && k !== 'time_scale');
  if (unknown.length) return `flecs.stats.WorldSummary takes target_fps and time_scale here; ${unknown.map((k) => `'${k}'`).join(', ')} are read-only`;
  let fps: number | undefined;
  if (v.target_fps !== undefined) {
    fps = v.target_fps === 0 ? startFpsOf(world) ?? app?.targetFps : Number(v.target_fps);
    if (!app) return 'target_fps cannot be set: no app runs this world';
    if (typeof v.target_fps !== 'number' || !Number.isInteger(fps) || fps! < 1 || fps! > 1000) return `target_fps must be a whole number from 1 to 1000, or 0 for the host's own rate, got ${JSON.stringify(v.target_fps)}`;
  }
  if (v.time_scale !== undefined) {
    const scale = Number(v.time_scale);
    if (!Number.isFinite(scale)) return `time_scale must be a number, got ${JSON.stringify(v.time_scale)}`;
    const tc = world.lookup('ecs.app.TimeControl');
    if (tc === 0) return 'time_scale cannot be set: the app runs without time control';
    // TimeControl's schema holds the range (0 to 16): its refusal names it, and nothing is changed.
    try {
      world.set(world.core.World, tc, { time_scale: scale });
    } catch (err) {
      if (err instanceof EcsError) return err.message;
      throw err;
    }
  }
  if (fps !== undefined) app!.targetFps = fps;
  return undefined;
}


/** Path of the computed WorldMemory entity the explorer's overview reads (GET /entity/flecs/stats/WorldMemory). */
export const WORLD_MEMORY_PATH = 'flecs/stats/WorldMemory';

/** The Flecs 4 reply of flecs.stats.WorldMemory: counts this world keeps (bytes it does not track are left out). */
export function worldMemoryText(world: World): string {
  let instances = 0, bytes = 0, unused = 0, empty = 0, columns = 0;
  for (const t of world.tables.values()) {
    if (t.count === 0) empty++;
    columns += t.columns.length;
    for (const c of t.columns) { instances += t.count; bytes += c.info.size * t.count; unused += c.info.size * (t.capacity - t.count); }
  }
  const memory = {
    entities: { alive_count: world.entities.aliveCount, not_alive_count: 0 },
    components: { instances, bytes_table_components: bytes, bytes_table_components_unused: unused },
    tables: { count: world.tables.size, empty_count: empty, column_count: columns },
  };
  return JSON.stringify({ parent: 'flecs.stats', name: 'WorldMemory', components: { 'flecs.stats.WorldMemory': memory } });
}
