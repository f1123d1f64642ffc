// world_summary: what an agent needs first about a live world, in one small object — title,
// frame rate and frame, counts, modules, components, named queries, and the systems in pipeline
// order with the time each took in the last frame.
import type { App } from '../../shared/app';
import { entityIndex, type World } from '../../shared/ecs';
import { namedQueries } from '../../shared/query';

/** Longest list of components or modules shown; the rest is counted. */
const LIST_MAX = 200;

/** The summary of a world run by `app`. */
export function worldSummary(world: World, app: App, title: string): Record<string, unknown> {
  const core = world.core;
  const userPaths = (tag: number): string[] => {
    const out: string[] = [];
    // Both tags are on built-in entities, so their records exist; everything under ecs is built in.
    for (const t of world.record(tag)!.tables) {
      for (const e of t.entities) if (!world.builtin.has(entityIndex(e))) out.push(world.pathOf(e));
    }
    return out.sort();
  };
  const capped = (list: string[]) => (list.length > LIST_MAX ? [...list.slice(0, LIST_MAX), `… and ${list.length - LIST_MAX} more`] : list);
  return {
    title,
    target_fps: app.targetFps,
    frame: app.frameCount,
    simulated: app.simulated,
    entities: world.entities.aliveCount,
    tables: world.tables.size,
    modules: capped(userPaths(core.Module)),
    components: capped(userPaths(core.Component)),
    named_queries: namedQueries(world).filter((q) => q.kind !== 'system').map((q) => ({ path: world.pathOf(q.entity), kind: q.kind, expr: q.query.expr })),
    systems: app.pipeline.list().map((s) => ({ path: world.pathOf(s.entity), query: s.query?.query.expr ?? null, last_time_s: s.stats.timeSpent, matched_entities: s.stats.matchedEntities })),
  };
}
