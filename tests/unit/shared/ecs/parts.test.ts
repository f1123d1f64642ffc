// The World's parts that stand on their own, tested without a World: the deferral queue against
// a recording stand-in for storage, and names/paths/lookup and argument checks on a bare entity
// index and hierarchy.
import { describe, expect, test } from 'vitest';
import { Checks } from '../../../../src/shared/ecs/checks';
import { newCommandCounters, Op } from '../../../../src/shared/ecs/commands';
import type { CoreIds } from '../../../../src/shared/ecs/core-ids';
import { Deferred, type ChangesNow } from '../../../../src/shared/ecs/deferred';
import { EntityIndex } from '../../../../src/shared/ecs/entity-index';
import { EcsError } from '../../../../src/shared/ecs/errors';
import { Hierarchy } from '../../../../src/shared/ecs/hierarchy';
import { makePair, type Entity, type Id } from '../../../../src/shared/ecs/ids';
import { Names } from '../../../../src/shared/ecs/names';

/** Records what a flush applies; an add of `chain` queues one more add from inside the flush. */
class Recorder implements ChangesNow {
  readonly log: string[] = [];
  chain?: { deferred: Deferred; e: Entity; id: Id };
  addNow(e: Entity, id: Id): void {
    this.log.push(`add ${e} ${id}`);
    const c = this.chain;
    if (c && id !== c.id) c.deferred.enqueue(Op.Add, c.e, c.id);
  }
  removeNow(e: Entity, id: Id): void { this.log.push(`remove ${e} ${id}`); }
  setNow(e: Entity, id: Id, _writes: unknown, opaque: unknown): void { this.log.push(`set ${e} ${id} ${String(opaque)}`); }
  deleteNow(e: Entity): void { this.log.push(`delete ${e}`); }
  renameNow(e: Entity, name: string | undefined): void { this.log.push(`name ${e} ${name ?? '-'}`); }
}

function deferredWorld() {
  const entities = new EntityIndex();
  const store = new Recorder();
  const counters = newCommandCounters();
  const deferred = new Deferred(entities, store, counters);
  return { entities, store, counters, deferred, a: entities.allocate(), b: entities.allocate() };
}

describe('deferred: the queue applied at the end of the outermost defer', () => {
  test('changes wait for the outermost end and are applied in the order queued', () => {
    const { store, deferred, a, b } = deferredWorld();
    deferred.begin();
    deferred.enqueue(Op.Add, a, b);
    deferred.begin();
    deferred.enqueue(Op.Set, a, b, { writes: null, opaque: 'v' });
    deferred.enqueue(Op.Name, a, 0, null);
    deferred.end();
    expect(store.log).toEqual([]);
    expect(deferred.active).toBe(true);
    deferred.enqueue(Op.Remove, a, b);
    deferred.enqueue(Op.Delete, b, 0);
    deferred.end();
    expect(deferred.active).toBe(false);
    expect(store.log).toEqual([`add ${a} ${b}`, `set ${a} ${b} v`, `name ${a} -`, `remove ${a} ${b}`, `delete ${b}`]);
  });

  test('a command whose entity or id died before the flush is dropped and counted', () => {
    const { entities, store, counters, deferred, a, b } = deferredWorld();
    const c = entities.allocate();
    deferred.run(() => {
      deferred.enqueue(Op.Add, a, c);
      deferred.enqueue(Op.Add, b, a);
      deferred.enqueue(Op.Set, a, c, { writes: null, opaque: 1 });
      entities.release(b);
      entities.release(c);
    });
    expect(store.log).toEqual([]);
    expect(counters.discard).toBe(3);
    expect(counters.enqueued).toBe(3);
    expect(counters.merges).toBe(1);
  });

  test('changes queued while the flush applies are applied in the same flush', () => {
    const { store, deferred, a, b } = deferredWorld();
    store.chain = { deferred, e: a, id: a };
    deferred.run(() => deferred.enqueue(Op.Add, a, b));
    expect(store.log).toEqual([`add ${a} ${b}`, `add ${a} ${a}`]);
    expect(deferred.active).toBe(false);
  });

  test('an end without a begin is refused', () => {
    const { deferred } = deferredWorld();
    expect(() => deferred.end()).toThrow(new EcsError('invalid_argument', 'deferEnd without deferBegin'));
  });
});

/** Names and checks on an index and hierarchy of their own; built-ins are plain entities here. */
function namedWorld() {
  const entities = new EntityIndex();
  const hierarchy = new Hierarchy();
  const names = new Names(entities, hierarchy);
  const checks = new Checks(entities, names);
  const core = { Wildcard: entities.allocate(), Any: entities.allocate(), This: entities.allocate(), Variable: entities.allocate(), coreModule: entities.allocate() } as Partial<CoreIds> as CoreIds;
  names.core = core;
  checks.core = core;
  const named = (name: string, parent: Entity = 0): Entity => {
    const e = entities.allocate();
    if (parent !== 0) hierarchy.setParent(e, parent);
    names.checkName(name, parent, e);
    hierarchy.setName(e, name);
    return e;
  };
  return { entities, hierarchy, names, checks, core, named };
}

describe('names: paths, lookup and message text', () => {
  test('paths and lookup agree, with either separator and numeric levels', () => {
    const { names, named } = namedWorld();
    const sun = named('Sun');
    const earth = named('Earth', sun);
    expect(names.pathOf(earth)).toBe('Sun.Earth');
    expect(names.pathOf(earth, '/')).toBe('Sun/Earth');
    expect(names.lookup('Sun.Earth')).toBe(earth);
    expect(names.lookup('Sun/Earth', '/')).toBe(earth);
    expect(names.lookup(`Sun.${earth}`)).toBe(earth);
    expect(names.lookup('Earth', '.', sun)).toBe(earth);
    expect(names.lookup('Sun.Moon')).toBe(0);
    expect(names.lookup('Sun..Earth')).toBe(0);
  });

  test('the naming rule and clashes among siblings, with the culprit named', () => {
    const { names, named } = namedWorld();
    const sun = named('Sun');
    const earth = named('Earth', sun);
    for (const bad of ['', 'a.b', 'a/b', ' lead', '42']) expect(() => names.checkName(bad, 0, 0)).toThrow(/invalid name/);
    expect(() => names.checkName('Earth', sun, 0)).toThrow(`Sun already has a child named 'Earth' ('Sun.Earth')`);
    expect(() => names.checkName('Earth', sun, earth)).not.toThrow();
    expect(() => names.checkName('Earth', 0, 0)).not.toThrow();
  });

  test('ids read as paths in messages; anonymous and dead ones as numbers', () => {
    const { entities, names, named } = namedWorld();
    const eats = named('Eats');
    const anon = entities.allocate();
    expect(names.idText(makePair(eats, anon))).toBe(`(Eats, ${anon})`);
    expect(names.describe(eats)).toBe(`'Eats'`);
    expect(names.describe(anon)).toBe(`entity ${anon}`);
    entities.release(anon);
    expect(names.idText(anon)).toBe(String(anon));
  });
});

describe('checks: alive entities and real ids', () => {
  test('dead entities, non-ids and query placeholders are refused, naming the id', () => {
    const { entities, checks, core, named } = namedWorld();
    const eats = named('Eats');
    const gone = entities.allocate();
    entities.release(gone);
    expect(() => checks.checkAlive(gone)).toThrow(`entity ${gone} is not alive (deleted or never created)`);
    expect(() => checks.checkId(-1)).toThrow('invalid id -1');
    expect(() => checks.checkId(makePair(eats, gone))).toThrow(/refers to an entity that is not alive/);
    expect(() => checks.checkId(makePair(eats, core.Wildcard))).toThrow(/holds a query placeholder/);
    expect(() => checks.pair(gone, eats)).toThrow(`relationship ${gone} is not alive`);
    expect(checks.pair(eats, eats)).toBe(makePair(eats, eats));
  });
});
