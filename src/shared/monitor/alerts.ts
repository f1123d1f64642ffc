// The ecs.alerts module: an alert is a named entity with a query, a message template and a
// severity. Every `intervalFrames` frames a system finds the entities that match; each gets an
// active alert instance, shaped as the reference's so its explorer lists them: a child entity of
// the alert with ecs.alerts.Instance (the message), ecs.metrics.Source (the entity it is about),
// ecs.metrics.Value (seconds active) and the pair (ecs.alerts.Alert, <severity>). Instances of
// entities that stopped matching are deleted.
import { CachedQuery, pipelineOf } from '../pipeline';
import { markBuiltinTree, type Entity, type World } from '../ecs';
import { compileQuery, type ResultFn } from '../query';
import { compileTemplate, renderTemplate, type MessageTemplate } from './alert-template';
import { importMetrics, type MetricsIds } from './metrics-module';

/** Alert severities, least severe first. */
export const ALERT_SEVERITIES = ['Info', 'Warning', 'Error'] as const;
/** An alert severity. */
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** Options of `defineAlert`. */
export interface AlertOptions {
  /** Query (DSL) of the entities the alert is about, e.g. `Fuel, SpaceShip`; must match $this entities. */
  query: string;
  /** Message template: `$this` (path), `$name`, `{Component.member}`, `{Component.member:1}` (1 decimal). */
  message: string;
  /** Severity shown with each instance. */
  severity: AlertSeverity;
  /** Frames between evaluations (default 1: every frame). */
  intervalFrames?: number;
  /** Doc brief of the alert entity. */
  brief?: string;
  /** Parent scope of the alert entity (default: the root). */
  parent?: Entity;
}

/** An active alert of an entity, as the entity reply's `alerts` lists it. */
export interface ActiveAlert {
  /** Path of the alert entity. */
  alert: string;
  message: string;
  severity: AlertSeverity;
}

/** Ids of the alerts module. */
export interface AlertIds {
  readonly module: Entity;
  /** Component on alert entities: the definition (query, message, severity, interval_frames). */
  readonly Alert: Entity;
  /** Component on alert instances: the rendered message. */
  readonly Instance: Entity;
  /** Severity tags, added to alert entities, in ALERT_SEVERITIES order. */
  readonly severities: readonly Entity[];
  /** The metrics module, whose Source and Value alert instances carry. */
  readonly metrics: MetricsIds;
}

interface InstanceRecord {
  instance: Entity;
  message: string;
  /** Evaluation in which the source last matched. */
  seen: number;
  /** Simulated time (seconds) when the alert became active for the source. */
  since: number;
}

/** The alerts' state in a world image. */
interface SavedAlerts {
  readonly activeCount: number;
  readonly alerts: readonly { entity: Entity; countdown: number; evaluation: number; instances: readonly (readonly [Entity, InstanceRecord])[] }[];
}

interface AlertRecord {
  readonly entity: Entity;
  readonly query: CachedQuery;
  readonly template: MessageTemplate;
  readonly severity: AlertSeverity;
  /** The severity tag, the target of the instances' (ecs.alerts.Alert, <severity>) pair. */
  readonly severityTag: Entity;
  readonly interval: number;
  /** Frames until the next evaluation. */
  countdown: number;
  evaluation: number;
  /** Source entity -> its instance. */
  readonly instances: Map<Entity, InstanceRecord>;
  readonly visit: ResultFn;
}

/** The alerts of one world. */
export class AlertsState {
  readonly alerts: AlertRecord[] = [];
  /** Active instances over all alerts (the alerts.active_count statistic). */
  activeCount = 0;
  /** The evaluating system, once an alert exists. */
  system: Entity = 0;

  constructor(readonly world: World, readonly ids: AlertIds) {
    // Which instance belongs to which source, and when each alert checks next, travel with world
    // images (as plain data keyed by entity), so a restored or replayed world raises the same alerts.
    world.addImagePart('alerts', { save: () => this.save(), load: (saved) => this.load(saved as SavedAlerts) });
  }

  private save(): SavedAlerts {
    return {
      activeCount: this.activeCount,
      alerts: this.alerts.map((r) => ({ entity: r.entity, countdown: r.countdown, evaluation: r.evaluation, instances: [...r.instances].map(([s, i]) => [s, { ...i }] as const) })),
    };
  }

  private load(saved: SavedAlerts): void {
    this.activeCount = saved.activeCount;
    for (const rec of this.alerts) {
      const s = saved.alerts.find((a) => a.entity === rec.entity);
      rec.countdown = s ? s.countdown : rec.interval;
      rec.evaluation = s ? s.evaluation : 0;
      rec.instances.clear();
      if (s) for (const [source, inst] of s.instances) rec.instances.set(source, { ...inst });
    }
  }

  /** Runs the alerts that are due (the system's callback). */
  evaluate(): void {
    for (let i = this.alerts.length - 1; i >= 0; i--) {
      const rec = this.alerts[i]!;
      if (!this.world.isAlive(rec.entity)) { this.drop(i); continue; }
      if (--rec.countdown > 0) continue;
      rec.countdown = rec.interval;
      if (this.world.isEnabled(rec.entity)) this.check(rec);
      else this.clear(rec);
    }
  }

  /** Evaluates one alert: creates instances for new matches, updates messages, deletes stale ones. */
  private check(rec: AlertRecord): void {
    rec.evaluation++;
    rec.query.each(rec.visit);
    for (const [source, inst] of rec.instances) {
      if (inst.seen === rec.evaluation) continue;
      if (this.world.isAlive(inst.instance)) this.world.delete(inst.instance);
      rec.instances.delete(source);
      this.activeCount--;
    }
  }

  /** Records a match of `source` in the current evaluation. */
  matched(rec: AlertRecord, source: Entity): void {
    const w = this.world, ids = this.ids, now = pipelineOf(w).time;
    const message = renderTemplate(w, rec.template, source);
    const inst = rec.instances.get(source);
    if (inst && w.isAlive(inst.instance)) {
      inst.seen = rec.evaluation;
      if (inst.message !== message) { inst.message = message; w.set(inst.instance, ids.Instance, { message }); }
      w.set(inst.instance, ids.metrics.Value, { value: now - inst.since });
      return;
    }
    const instance = w.entity({ parent: rec.entity });
    w.set(instance, ids.Instance, { message });
    w.set(instance, ids.metrics.Source, { entity: source });
    w.set(instance, ids.metrics.Value, { value: inst ? now - inst.since : 0 });
    w.add(instance, w.pair(ids.Alert, rec.severityTag));
    if (inst) { inst.instance = instance; inst.message = message; inst.seen = rec.evaluation; return; }
    rec.instances.set(source, { instance, message, seen: rec.evaluation, since: now });
    this.activeCount++;
  }

  private clear(rec: AlertRecord): void {
    for (const inst of rec.instances.values()) if (this.world.isAlive(inst.instance)) this.world.delete(inst.instance);
    this.activeCount -= rec.instances.size;
    rec.instances.clear();
  }

  /** Forgets a deleted alert (its instances, being its children, were deleted with it). */
  private drop(index: number): void {
    const rec = this.alerts[index]!;
    this.activeCount -= rec.instances.size;
    rec.query.dispose();
    this.alerts.splice(index, 1);
  }
}

const states = new WeakMap<World, AlertsState>();

/** Imports the ecs.alerts module (idempotent); returns its ids. */
export function importAlerts(world: World): AlertIds {
  const existing = states.get(world);
  if (existing) return existing.ids;
  const c = world.core;
  const metrics = importMetrics(world);
  const module = world.entity({ name: 'alerts', parent: c.ecs });
  world.add(module, c.Module);
  world.setDoc(module, 'brief', 'Alerts: named queries whose matches are reported as active alert instances');
  const severity = { enum: ALERT_SEVERITIES } as const;
  const Alert = world.component('Alert', { query: 'string', message: 'string', severity, interval_frames: 'u32' },
    { parent: module, brief: 'An alert\'s definition: the query of the entities it is about, the message template, the severity and the frames between checks' });
  // Instances carry (Alert, <severity>) as a tag, while alert entities keep their Alert data.
  world.pairsAreTags(Alert);
  const Instance = world.component('Instance', { message: 'string' },
    { parent: module, brief: 'An active alert instance (a child of its alert) and its rendered message; ecs.metrics.Source names the entity it is about' });
  const severities = ALERT_SEVERITIES.map((s) => world.tag(s, { parent: module, brief: `Severity of alerts: ${s}` }));
  markBuiltinTree(world, module);
  const state = new AlertsState(world, { module, Alert, Instance, severities, metrics });
  states.set(world, state);
  return state.ids;
}

/** The alerts state of a world, if the module was imported. */
export function alertsState(world: World): AlertsState | undefined {
  return states.get(world);
}

/**
 * Defines an alert: a named entity (with an ecs.alerts.Alert component and a severity tag) whose
 * query is checked every `intervalFrames` frames while the app runs. Throws, naming the culprit,
 * for a bad query, message template, severity or interval.
 */
export function defineAlert(world: World, name: string, options: AlertOptions): Entity {
  const ids = importAlerts(world);
  const state = states.get(world)!;
  const { query: expr, message, severity } = options;
  const severityIndex = ALERT_SEVERITIES.indexOf(severity);
  if (severityIndex < 0) throw new Error(`alert '${name}': unknown severity ${JSON.stringify(severity)}; use one of ${ALERT_SEVERITIES.join(', ')}`);
  const interval = options.intervalFrames ?? 1;
  if (!Number.isInteger(interval) || interval < 1 || interval > 2 ** 32 - 1) {
    throw new Error(`alert '${name}': intervalFrames must be a whole number of frames from 1, got ${String(interval)}`);
  }
  const query = compileQuery(world, expr);
  if (!query.hasThis) throw new Error(`alert '${name}': the query ${JSON.stringify(expr)} has no $this entities; an alert reports entities, so match them with $this (the default source)`);
  const template = compileTemplate(world, message);
  const entity = world.entity({ name, parent: options.parent });
  world.set(entity, ids.Alert, { query: expr, message, severity, interval_frames: interval });
  world.add(entity, ids.severities[severityIndex]!);
  if (options.brief) world.setDoc(entity, 'brief', options.brief);

  const rec: AlertRecord = {
    entity, query: new CachedQuery(query), template, severity, severityTag: ids.severities[severityIndex]!, interval, countdown: 1, evaluation: 0, instances: new Map(),
    visit: (r) => {
      const t = r.table;
      if (!t) return;
      const rows = r.rows, entities = t.entities;
      for (let j = 0; j < r.count; j++) state.matched(rec, entities[rows ? rows[j]! : j]!);
    },
  };
  state.alerts.push(rec);
  if (state.system === 0) {
    state.system = pipelineOf(world).add('MonitorAlerts', {
      // Writes alert instances with set() only: nothing in place.
      phase: 'OnStore', parent: ids.module, run: () => state.evaluate(), writes: [],
      brief: 'Checks the alerts that are due and updates their instances',
    });
    markBuiltinTree(world, ids.module);
  }
  return entity;
}

/** The active alerts of an entity (empty when it has none or alerts are not imported). */
export function activeAlerts(world: World, entity: Entity): ActiveAlert[] {
  const state = states.get(world);
  const out: ActiveAlert[] = [];
  if (!state) return out;
  for (const rec of state.alerts) {
    const inst = rec.instances.get(entity);
    if (inst && world.isAlive(rec.entity)) out.push({ alert: world.pathOf(rec.entity), message: inst.message, severity: rec.severity });
  }
  return out;
}
