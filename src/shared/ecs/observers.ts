// Minimal change notifications: a callback per (id, event), run after the change is applied.
import type { Entity, Id } from './ids';

/** Events an observer can watch. */
export type ObserverEvent = 'add' | 'remove' | 'set';
/** Observer callback: the entity and the id that changed. */
export type ObserverFn = (e: Entity, id: Id) => void;

type Lists = Partial<Record<ObserverEvent, ObserverFn[]>>;

/** Registry of observers by id and event. */
export class Observers {
  private readonly byId = new Map<Id, Lists>();
  /** Number of registered observers (for stats). */
  count = 0;
  /** Number of observer invocations so far (for stats). */
  invocations = 0;

  /** Registers a callback; returns a function that unregisters it. */
  on(id: Id, event: ObserverEvent, fn: ObserverFn): () => void {
    let lists = this.byId.get(id);
    if (!lists) { lists = {}; this.byId.set(id, lists); }
    const list = (lists[event] ??= []);
    list.push(fn);
    this.count++;
    return () => {
      const i = list.indexOf(fn);
      if (i >= 0) { list.splice(i, 1); this.count--; }
    };
  }

  /** True when some callback watches `event` of `id`. */
  watches(id: Id, event: ObserverEvent): boolean {
    const list = this.byId.get(id)?.[event];
    return list !== undefined && list.length > 0;
  }

  /** Runs the callbacks for an event, if any (a single map lookup when nobody watches). */
  emit(id: Id, event: ObserverEvent, e: Entity): void {
    const list = this.byId.get(id)?.[event];
    if (!list || list.length === 0) return;
    for (const fn of [...list]) { this.invocations++; fn(e, id); }
  }
}
