// The ecs.metrics module: the components a metric instance carries, as in the reference's addon.
// Alert instances use them too (ecs.metrics.Source: the entity the alert is about,
// ecs.metrics.Value: how long it has been active), so an explorer written for the reference finds
// alerts the way it finds metrics.
import { markBuiltinTree, type Entity, type World } from '../ecs';

/** Ids of the metrics module. */
export interface MetricsIds {
  readonly module: Entity;
  /** Component `{ entity }`: the entity a metric or alert instance is about. */
  readonly Source: Entity;
  /** Component `{ value }` (f64): the current value of a metric or alert instance. */
  readonly Value: Entity;
  /** Tag on metric instances. */
  readonly Instance: Entity;
  /** Tag on metric definitions. */
  readonly Metric: Entity;
  /** Kinds of metrics: a gauge (a value) and a counter (a growing total). */
  readonly Gauge: Entity;
  readonly Counter: Entity;
}

const modules = new WeakMap<World, MetricsIds>();

/** Imports the ecs.metrics module (idempotent); returns its ids. */
export function importMetrics(world: World): MetricsIds {
  const existing = modules.get(world);
  if (existing) return existing;
  const c = world.core;
  const module = world.entity({ name: 'metrics', parent: c.ecs });
  world.add(module, c.Module);
  world.setDoc(module, 'brief', 'Metrics: instances with the entity they are about (Source) and their current Value');
  // Ordinary ids: added to the monitor after the fact, they leave the low ids where they were.
  const ids: MetricsIds = {
    module,
    Source: world.component('Source', { entity: 'entity' }, { parent: module, low: false, brief: 'The entity a metric or alert instance is about' }),
    Value: world.component('Value', { value: 'f64' }, { parent: module, low: false, brief: 'Current value of a metric instance (for an alert instance: seconds active)' }),
    Instance: world.tag('Instance', { parent: module, brief: 'A metric instance' }),
    Metric: world.tag('Metric', { parent: module, brief: 'A metric definition' }),
    Gauge: world.tag('Gauge', { parent: module, brief: 'Kind of metric: a value that goes up and down' }),
    Counter: world.tag('Counter', { parent: module, brief: 'Kind of metric: a total that only grows' }),
  };
  markBuiltinTree(world, module);
  modules.set(world, ids);
  return ids;
}
