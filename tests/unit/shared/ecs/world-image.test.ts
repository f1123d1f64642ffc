// World images: a restored world is the world of the image — GET /world byte-identical, the same
// tables (ids, types, rows) and, as the next changes show, the same allocation state (recycled
// indices and generations), whatever happened between the image and the restore.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { World, imageBytes, type Entity } from '../../../../src/shared/ecs';
import { CachedQuery, addSystem, pipelineOf } from '../../../../src/shared/pipeline';
import { compileQuery } from '../../../../src/shared/query';
import { createRouter } from '../../../../src/shared/rest';

// A property over many worlds: the bound is generous for a loaded machine (it only stops a hung test).
vi.setConfig({ testTimeout: 120_000 });

interface Ids { Position: Entity; Label: Entity; A: Entity; B: Entity; Likes: Entity }

function makeWorld(): { world: World; ids: Ids } {
  const world = new World();
  const ids = {
    Position: world.component('Position', { x: 'f32', y: 'f64' }),
    Label: world.component('Label', { text: 'string' }),
    A: world.tag('A'), B: world.tag('B'), Likes: world.tag('Likes'),
  };
  return { world, ids };
}

/** One change, as numbers only, so the same op applies to two worlds alike. */
type Op = [kind: number, pick: number, other: number, value: number];

function users(world: World): Entity[] {
  const out: Entity[] = [];
  for (const t of world.tables.values()) for (const e of t.entities) if (!world.builtin.has(e % 2 ** 32) && world.nameOf(e)?.startsWith('e') !== false) out.push(e);
  return out.filter((e) => !world.components.has(e % 2 ** 32)).sort((a, b) => a - b);
}

/** Applies an op; ops that the store refuses (a name clash, a cycle) are skipped. Returns a created entity or 0. */
function apply(world: World, ids: Ids, [kind, pick, other, value]: Op): Entity {
  const all = users(world);
  const e = all.length ? all[pick % all.length]! : 0;
  const f = all.length ? all[other % all.length]! : 0;
  try {
    switch (kind % 9) {
      case 0: return world.entity();
      case 1: return world.entity({ name: `e${value % 50}`, parent: value % 3 === 0 ? f : 0 });
      case 2: if (e) world.delete(e); return 0;
      case 3: if (e) world.set(e, ids.Position, { x: value / 7, y: -value / 3 }); return 0;
      case 4: if (e) world.set(e, ids.Label, { text: `t${value}` }); return 0;
      case 5: if (e) world.add(e, value % 2 ? ids.A : ids.B); return 0;
      case 6: if (e) world.remove(e, value % 2 ? ids.A : ids.B); return 0;
      case 7: if (e && f) world.add(e, world.pair(ids.Likes, f)); return 0;
      default: if (e) world.setName(e, value % 4 === 0 ? undefined : `e${value % 50}`); return 0;
    }
  } catch {
    return 0;
  }
}

/** A world built by makeWorld, restored to `image`. */
function makeTwin(image: ReturnType<World['snapshot']>): World {
  const { world } = makeWorld();
  world.restore(image);
  return world;
}

function dump(world: World): string {
  const router = createRouter(world, { replyCache: false });
  const tables = [...world.tables.values()].map((t) => `${t.id}:${t.type.join(',')}:${t.entities.join(',')}`).join('|');
  return `${router.route('GET', '/world').body}\n${tables}`;
}

const op = fc.tuple(fc.nat(8), fc.nat(1000), fc.nat(1000), fc.nat(1000)) as fc.Arbitrary<Op>;

describe('world images', () => {
  test('restore gives back the world of the image, and the same ids for what comes next', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 60 }), fc.array(op, { maxLength: 60 }), fc.array(op, { maxLength: 20 }), (before, between, after) => {
      const live = makeWorld(), twin = makeWorld();
      for (const o of before) { apply(live.world, live.ids, o); apply(twin.world, twin.ids, o); }
      const image = live.world.snapshot();
      const atImage = dump(live.world);
      for (const o of between) apply(live.world, live.ids, o);
      live.world.restore(image);
      expect(dump(live.world)).toBe(atImage);
      // The twin never left the image's state: the same changes now make the same ids and the same world.
      for (const o of after) expect(apply(live.world, live.ids, o)).toBe(apply(twin.world, twin.ids, o));
      expect(dump(live.world)).toBe(dump(twin.world));
    }), { numRuns: 100 });
  });

  test('images of different moments restore back and forth, each to its own world (names, parents, tables)', () => {
    // Restores reuse what they can (tables with the same id and type, a hierarchy image already in
    // place): going back, changing the world another way, then forward again must still give each
    // image's world, also when the same image is restored twice in a row.
    fc.assert(fc.property(fc.array(op, { maxLength: 40 }), fc.array(op, { minLength: 1, maxLength: 40 }), fc.array(op, { minLength: 1, maxLength: 40 }), (before, between, other) => {
      const { world, ids } = makeWorld();
      for (const o of before) apply(world, ids, o);
      const first = world.snapshot(), atFirst = dump(world);
      for (const o of between) apply(world, ids, o);
      const second = world.snapshot(), atSecond = dump(world);
      world.restore(first);
      expect(dump(world)).toBe(atFirst);
      // Another future from the first image: table ids of the second one now name other tables.
      for (const o of other) apply(world, ids, o);
      world.restore(second);
      expect(dump(world)).toBe(atSecond);
      world.restore(second);
      expect(dump(world)).toBe(atSecond);
      world.restore(first);
      expect(dump(world)).toBe(atFirst);
      expect(world.snapshot().hierarchy).toEqual(first.hierarchy);
    }), { numRuns: 150 });
  });

  test('an image restores into a twin world built by the same code', () => {
    const a = makeWorld(), b = makeWorld();
    const sun = a.world.entity('Sun');
    const earth = a.world.entity({ name: 'Earth', parent: sun });
    a.world.set(earth, a.ids.Position, { x: 1.5, y: 2 });
    a.world.add(earth, a.world.pair(a.ids.Likes, sun));
    const gone = a.world.entity('Gone');
    a.world.delete(gone);
    b.world.restore(a.world.snapshot());
    expect(dump(b.world)).toBe(dump(a.world));
    expect(b.world.lookup('Sun.Earth')).toBe(earth);
    expect(b.world.get(earth, b.ids.Position)).toEqual({ x: 1.5, y: 2 });
    // The recycled index comes back with the next generation in both.
    expect(b.world.entity()).toBe(a.world.entity());
  });

  test('a world restored from a twin (restoreFrom) is the twin\'s world, ids to come included, and the twin is untouched', () => {
    // The twin's arrays are read where they are, longer than its rows (their capacity): the rows
    // past each table's count must not show, whichever world has the larger tables.
    fc.assert(fc.property(fc.array(op, { maxLength: 40 }), fc.array(op, { maxLength: 60 }), fc.array(op, { maxLength: 60 }), fc.array(op, { maxLength: 20 }), (common, onlyTwin, onlyLive, after) => {
      const live = makeWorld(), twin = makeWorld();
      for (const o of common) { apply(live.world, live.ids, o); apply(twin.world, twin.ids, o); }
      for (const o of onlyTwin) apply(twin.world, twin.ids, o);
      for (const o of onlyLive) apply(live.world, live.ids, o);
      const atTwin = dump(twin.world);
      live.world.restoreFrom(twin.world);
      expect(dump(live.world)).toBe(atTwin);
      expect(dump(twin.world)).toBe(atTwin);
      for (const o of after) expect(apply(live.world, live.ids, o)).toBe(apply(twin.world, twin.ids, o));
      expect(dump(live.world)).toBe(dump(twin.world));
    }), { numRuns: 100 });
    // A twin table that held many more rows than it does now: its arrays are longer than this
    // world's table could hold, and only its rows come over.
    const live = makeWorld(), twin = makeWorld();
    const made = Array.from({ length: 40 }, (_, i) => {
      const e = twin.world.entity();
      twin.world.set(e, twin.ids.Position, { x: i, y: -i });
      twin.world.set(e, twin.ids.Label, { text: `t${i}` });
      return e;
    });
    for (const e of made.slice(3)) twin.world.delete(e);
    live.world.restoreFrom(twin.world);
    expect(dump(live.world)).toBe(dump(twin.world));
    expect(made.slice(0, 3).map((e) => live.world.get(e, live.ids.Label))).toEqual([{ text: 't0' }, { text: 't1' }, { text: 't2' }]);
    const { world } = makeWorld();
    expect(() => world.restoreFrom(world)).toThrow(/restored from itself/);
  });

  test('matches through other entities (inheritance) follow a restore, and survive one that moves no such entity', () => {
    const { world, ids } = makeWorld();
    const base = world.entity('Base');
    world.set(base, ids.Position, { x: 1, y: 2 });
    const ship = world.entity('Ship');
    world.add(ship, world.pair(world.core.IsA, base));
    // Kept between calls: the ship's table matches through its base, so the match follows the base's type.
    const cached = new CachedQuery(compileQuery(world, 'Position(up(IsA))'));
    const matched = () => { const out: string[] = []; cached.each((r) => { for (let j = 0; j < r.count; j++) out.push(world.pathOf(r.table!.entities[j]!)); }); return out; };
    expect(matched()).toEqual(['Ship']);
    const withPosition = world.snapshot();
    world.remove(base, ids.Position);
    expect(matched()).toEqual([]);
    const without = world.snapshot();
    world.restore(withPosition);
    expect(matched()).toEqual(['Ship']);
    world.restore(without);
    expect(matched()).toEqual([]);
    world.restoreFrom(makeTwin(withPosition));
    expect(matched()).toEqual(['Ship']);
    // Only values differ: no entity used as an id moved, so the structure counts as unchanged.
    world.set(ship, ids.Label, { text: 'a' });
    const labelled = world.snapshot();
    world.set(ship, ids.Label, { text: 'b' });
    const structure = world.structureVersion;
    world.restore(labelled);
    expect(world.structureVersion).toBe(structure);
    expect(world.get(ship, ids.Label)).toEqual({ text: 'a' });
    expect(matched()).toEqual(['Ship']);
    cached.dispose();
  });

  test('parts outside the store travel with the image; restore listeners hear of it', () => {
    const { world } = makeWorld();
    let clock = 1;
    world.addImagePart('clock', { save: () => clock, load: (v) => { clock = v as number; } });
    const image = world.snapshot();
    clock = 5;
    let heard = 0;
    world.onRestore(() => heard++);
    world.restore(image);
    expect(clock).toBe(1);
    expect(heard).toBe(1);
    expect(() => world.addImagePart('clock', { save: () => 0, load: () => undefined })).toThrow(/already registered/);
  });

  test('no image is taken or restored inside a system (changes deferred)', () => {
    const { world } = makeWorld();
    const image = world.snapshot();
    world.deferBegin();
    expect(() => world.snapshot()).toThrow(/deferred/);
    expect(() => world.restore(image)).toThrow(/deferred/);
    world.deferEnd();
  });

  test('queries see the restored tables', () => {
    const { world, ids } = makeWorld();
    const router = createRouter(world);
    const e = world.entity('Probe');
    const image = world.snapshot();
    world.set(e, ids.Position, { x: 3, y: 4 });
    const q = '/query?q=Position&entity_ids=true';
    expect(JSON.parse(router.route('GET', q).body).results.length).toBe(1);
    world.restore(image);
    expect(JSON.parse(router.route('GET', q).body).results).toEqual([]);
  });

  test('a snapshot shares what did not change with the one before it and sees every write since: set(), modified(), a system', () => {
    // Keyframes share the tables and columns nothing wrote since the previous snapshot; a write
    // the world was told of (set, modified, a system whose query may write the component) must
    // be copied, and the older images keep their values.
    const { world, ids } = makeWorld();
    const a = world.entity('Ea'), b = world.entity('Eb'), c = world.entity('Ec');
    world.set(a, ids.Position, { x: 1, y: 1 });
    world.set(b, ids.Position, { x: 2, y: 2 });
    world.set(c, ids.Label, { text: 'c' });
    const first = world.snapshot(), atFirst = dump(world);
    const second = world.snapshot();
    expect(second.tables.filter((t, i) => t === first.tables[i]).length, 'an unchanged world shares every table').toBe(first.tables.length);
    world.set(a, ids.Position, { x: 10, y: 1 });
    const third = world.snapshot(), atThird = dump(world);
    const labels = (img: typeof first) => img.tables.find((t) => t.entities.includes(c))!;
    expect(labels(third), 'the Label table was not written').toBe(labels(first));
    // Written in place, and said so.
    const t = world.tableOf(b), row = t.entities.indexOf(b);
    t.column(ids.Position)!.views.x![row] = 20;
    world.modified([ids.Position]);
    const fourth = world.snapshot(), atFourth = dump(world);
    // Written by a system (its query may write Position).
    addSystem(world, 'Push', { phase: 'OnUpdate', query: 'Position', run: (it) => { const x = it.field(0)!.x as Float32Array; for (let j = 0; j < it.count; j++) x[it.rows === null ? j : it.rows[j]!]! += 100; } });
    pipelineOf(world).progress(1 / 60);
    const fifth = world.snapshot(), atFifth = dump(world);
    expect(world.get(b, ids.Position)).toEqual({ x: 120, y: 2 });
    for (const [img, at] of [[first, atFirst], [third, atThird], [fourth, atFourth], [fifth, atFifth], [second, atFirst]] as const) {
      world.restore(img);
      expect(dump(world)).toBe(at);
    }
    expect(atThird).not.toBe(atFirst);
    expect(atFourth).not.toBe(atThird);
    expect(atFifth).not.toBe(atFourth);
  });

  test('snapshots share the entity index image while no entity is made or deleted; a deletion, a creation or a restore makes a new one', () => {
    // Keyframes share one copy of the generations (64 KiB at 10,000 asteroids) while no id was
    // allocated or released: an image kept on after a deletion, a creation or a restore would
    // bring back another generation or free list, and the next id made after restoring it differ.
    const { world, ids } = makeWorld();
    const a = world.entity('Ea'), b = world.entity('Eb');
    world.set(a, ids.Position, { x: 1, y: 1 });
    world.set(b, ids.Position, { x: 2, y: 2 });
    const first = world.snapshot();
    world.set(a, ids.Position, { x: 3, y: 3 });
    const second = world.snapshot();
    expect(second.entities, 'no entity made or deleted: shared').toBe(first.entities);
    world.delete(b);
    const third = world.snapshot();
    const reused = world.entity();
    const fourth = world.snapshot();
    const fresh = world.entity();
    world.snapshot();
    // Taken right after a restore: the restored world's, not the one before it.
    world.restore(third);
    const thirdAgain = world.snapshot();
    world.restore(second);
    expect(world.isAlive(b)).toBe(true);
    for (const img of [third, thirdAgain]) {
      world.restore(img);
      expect(world.isAlive(b)).toBe(false);
      expect(world.entity(), 'the id made after the deletion, again').toBe(reused);
    }
    world.restore(fourth);
    expect(world.isAlive(reused)).toBe(true);
    expect(world.entity(), 'the id made after the fourth image, again').toBe(fresh);
  });

  test('a pair written is copied into the next snapshot with every pair of its relationship; another relationship\'s pairs stay shared; a wildcard relationship copies them all', () => {
    // Pairs are marked written by relationship: the demo's system writing (TravellingTo, *) each
    // frame must not make every keyframe copy the doc pairs (Description, Name) of every table, but
    // a pair of a relationship written (set, modified, a system) must be copied, whatever its target.
    const { world, ids } = makeWorld();
    const Amount = world.component('Amount', { v: 'f32' });
    const a = world.entity('Ea'), b = world.entity('Eb');
    world.setDoc(a, 'brief', 'first');
    world.set(a, world.pair(Amount, b), { v: 1 });
    const table = world.tableOf(a), amount = world.pair(Amount, b), brief = world.pair(world.core.Description, world.core.Brief);
    const col = (img: ReturnType<World['snapshot']>, id: number) => img.tables.find((t) => t.id === table.id)!.columns[table.columnOf.get(id)!];
    const first = world.snapshot(), atFirst = dump(world);
    // Written in place, said of another target of the same relationship.
    (table.column(amount)!.views.v as Float32Array)[table.entities.indexOf(a)] = 2;
    world.modified([world.pair(Amount, ids.Likes)]);
    const second = world.snapshot(), atSecond = dump(world);
    expect(col(second, brief), 'the doc pair was not written').toBe(col(first, brief));
    expect(col(second, amount)).not.toBe(col(first, amount));
    // A system writing (Amount, *) in place.
    const sys = addSystem(world, 'Grow', { phase: 'OnUpdate', query: '(Amount, *)', run: (it) => { const v = it.field(0)!.v as Float32Array; for (let j = 0; j < it.count; j++) v[it.rows === null ? j : it.rows[j]!]! += 10; } });
    pipelineOf(world).progress(1 / 60);
    const third = world.snapshot(), atThird = dump(world);
    expect(col(third, brief)).toBe(col(first, brief));
    world.disable(sys);
    // Said of a wildcard relationship: every pair may have been written.
    (table.column(amount)!.views.v as Float32Array)[table.entities.indexOf(a)] = 40;
    world.modified([world.pair(world.core.Wildcard, b)]);
    const fourth = world.snapshot(), atFourth = dump(world);
    expect(col(fourth, brief)).not.toBe(col(third, brief));
    expect(new Set([atFirst, atSecond, atThird, atFourth]).size).toBe(4);
    for (const [img, at] of [[first, atFirst], [third, atThird], [second, atSecond], [fourth, atFourth]] as const) {
      world.restore(img);
      expect(dump(world)).toBe(at);
    }
  });

  test('writtenAt moves for a pair when a pair of its relationship or of a wildcard relationship is written, not for another relationship', () => {
    const { world, ids } = makeWorld();
    const Amount = world.component('Amount', { v: 'f32' }), Other = world.component('Other', { v: 'f32' });
    const a = world.entity('Ea'), b = world.entity('Eb');
    const pair = world.pair(Amount, b), before = () => world.writtenAt(pair);
    let at = before();
    world.set(a, world.pair(Other, b), { v: 1 });
    expect(before(), 'another relationship').toBe(at);
    world.set(a, world.pair(Amount, ids.Likes), { v: 1 });
    expect(before(), 'the same relationship, another target').toBeGreaterThan(at);
    at = before();
    world.modified([world.pair(world.core.Wildcard, ids.Likes)]);
    expect(before(), 'a wildcard relationship').toBeGreaterThan(at);
    at = before();
    world.modified([ids.Position]);
    expect(before(), 'a component').toBe(at);
    world.modified();
    expect(before(), 'anything').toBeGreaterThan(at);
  });

  test('a table left empty keeps its image while its components are written, and its rows are copied again once it has some', () => {
    // Most of the demo's tables are empty and matched by systems that write their components:
    // an empty table's image is the one before it, and a row put back is in the next image.
    const { world, ids } = makeWorld();
    const a = world.entity('Ea'), b = world.entity('Eb');
    world.set(a, ids.Position, { x: 1, y: 1 });
    world.add(a, ids.A);
    world.set(b, ids.Position, { x: 2, y: 2 });
    const withA = world.tableOf(a);
    world.remove(a, ids.A);
    expect(withA.count).toBe(0);
    const first = world.snapshot(), atFirst = dump(world);
    world.set(b, ids.Position, { x: 3, y: 3 });
    world.modified([ids.Position]);
    const second = world.snapshot(), atSecond = dump(world);
    const imageOf = (img: typeof first) => img.tables.find((t) => t.id === withA.id)!;
    expect(imageOf(second), 'the empty table is shared although Position was written').toBe(imageOf(first));
    expect(imageBytes(second, first)).toBeLessThan(imageBytes(second));
    world.add(a, ids.A);
    world.set(a, ids.Position, { x: 7, y: 8 });
    const third = world.snapshot(), atThird = dump(world);
    expect(imageOf(third).entities).toEqual([a]);
    for (const [img, at] of [[first, atFirst], [third, atThird], [second, atSecond]] as const) {
      world.restore(img);
      expect(dump(world)).toBe(at);
    }
    expect(world.get(a, ids.Position)).toEqual({ x: 1, y: 1 });
    world.restore(third);
    expect(world.get(a, ids.Position)).toEqual({ x: 7, y: 8 });
  });
});
