import { describe, expect, test } from 'vitest';
import { EcsError, World, unitInfo } from '../../../../src/shared/ecs';

function codeOf(fn: () => void): string | undefined {
  try { fn(); } catch (e) { return e instanceof EcsError ? e.code : 'other:' + String(e); }
  return undefined;
}

describe('components with reflection', () => {
  test('every member kind round-trips with defaults and partial sets', () => {
    const w = new World();
    const target = w.entity('Target');
    const All = w.component('All', {
      f: 'f32', d: 'f64', i8: 'i8', i16: 'i16', i32: 'i32', i64: 'i64', u8: 'u8', u16: 'u16', u32: 'u32', u64: 'u64',
      b: 'bool', s: 'string', e: 'entity', kind: { enum: ['Rock', 'Ice'] },
      pos: { struct: { x: 'f32', y: { type: 'f32', default: 7 } } }, path: { array: 'i32', count: 3 },
      speed: { type: 'f32', unit: 'ecs.units.Speed.MetersPerSecond' },
    });
    const x = w.entity();
    w.add(x, All);
    expect(w.get(x, All)).toEqual({
      f: 0, d: 0, i8: 0, i16: 0, i32: 0, i64: 0, u8: 0, u16: 0, u32: 0, u64: 0, b: false, s: '', e: 0, kind: 'Rock',
      pos: { x: 0, y: 7 }, path: [0, 0, 0], speed: 0,
    });
    w.set(x, All, { f: 5.97, d: 0.1, i64: 2 ** 40, u64: 2 ** 50, b: true, s: 'hi', e: target, kind: 'Ice', pos: { x: 1 }, path: [1, 2] });
    const v = w.get<Record<string, unknown>>(x, All)!;
    expect(v.f).toBe(Math.fround(5.97));
    expect(v.d).toBe(0.1);
    expect(v.i64).toBe(2 ** 40);
    expect(v.b).toBe(true);
    expect(v.e).toBe(target);
    expect(v.kind).toBe('Ice');
    expect(v.pos).toEqual({ x: 1, y: 7 });
    expect(v.path).toEqual([1, 2, 0]);
    w.set(x, All, { 'pos.y': 3 });
    expect(w.get<{ pos: unknown }>(x, All)!.pos).toEqual({ x: 1, y: 3 });
  });

  test('numeric members live in typed-array columns of the table', () => {
    const w = new World();
    const Position = w.component('Position', { x: 'f32', y: 'f32' });
    const e = w.entity();
    w.set(e, Position, { x: 1, y: 2 });
    const col = w.tableOf(e).column(Position)!;
    expect(col.views.x).toBeInstanceOf(Float32Array);
    expect(col.views.y![w.locate(e).row]).toBe(2);
  });

  test('component entities describe themselves like the reference (size, alignment, kind)', () => {
    const w = new World();
    const Position = w.component('Position', { x: 'f32', y: 'f32' });
    expect(w.get(Position, w.core.Component)).toEqual({ size: 8, alignment: 4 });
    expect(w.get(Position, w.core.MetaType)).toEqual({ kind: 'StructType' });
    const Opaque = w.opaqueComponent('Opaque', { size: 4, default: 0 });
    expect(w.componentInfo(Opaque)!.schema).toBeUndefined();
    expect(w.has(Opaque, w.core.MetaType)).toBe(false);
  });

  test('opaque components hold any value; tags hold none', () => {
    const w = new World();
    const Opaque = w.opaqueComponent('Opaque', { default: { n: 1 } });
    const Tag = w.tag('Tag');
    const a = w.entity(), b = w.entity();
    w.add(a, Opaque);
    w.set(b, Opaque, { n: 42 });
    expect(w.get(a, Opaque)).toEqual({ n: 1 });
    expect(w.get(b, Opaque)).toEqual({ n: 42 });
    w.add(a, Tag);
    expect(w.has(a, Tag)).toBe(true);
    expect(w.get(a, Tag)).toBeUndefined();
    w.remove(a, Tag);
    expect(w.has(a, Tag)).toBe(false);
  });

  test('a declared tag says what it is (ecs.core.Tag) before anything has it, and its pairs carry no data', () => {
    const w = new World();
    const Position = w.component('Position', { x: 'f32', y: 'f32' });
    const LowFuel = w.tag('LowFuel');
    const plain = w.entity('Plain');
    expect(w.has(LowFuel, w.core.Tag)).toBe(true);
    expect(w.has(plain, w.core.Tag)).toBe(false);
    // A pair of a plain relationship with a component target carries the target's data; a
    // declared tag's never does.
    const ship = w.entity('Ship');
    w.set(ship, w.pair(plain, Position), { x: 1, y: 2 });
    expect(w.get(ship, w.pair(plain, Position))).toEqual({ x: 1, y: 2 });
    expect(codeOf(() => w.set(ship, w.pair(LowFuel, Position), { x: 1, y: 2 }))).toBe('not_a_component');
    w.add(ship, w.pair(LowFuel, Position));
    expect(w.get(ship, w.pair(LowFuel, Position))).toBeUndefined();
    w.remove(ship, w.pair(LowFuel, Position));
    expect(w.has(LowFuel, w.core.Tag)).toBe(true);
  });

  test('pairs and wildcard lookups', () => {
    const w = new World();
    const Eats = w.tag('Eats');
    const apples = w.entity('Apples'), pears = w.entity('Pears');
    const bob = w.entity('Bob');
    w.add(bob, w.pair(Eats, apples));
    w.add(bob, w.pair(Eats, pears));
    expect(w.has(bob, w.pair(Eats, w.core.Wildcard))).toBe(true);
    expect(w.has(bob, w.pair(w.core.Wildcard, pears))).toBe(true);
    expect(w.has(bob, w.pair(w.core.Wildcard, bob))).toBe(false);
    w.remove(bob, w.pair(Eats, w.core.Wildcard));
    expect(w.has(bob, w.pair(Eats, w.core.Wildcard))).toBe(false);
  });

  test('a pair carries the data type of its relationship (doc descriptions)', () => {
    const w = new World();
    const e = w.entity('E');
    w.setDoc(e, 'brief', 'hello');
    expect(w.doc(e, 'brief')).toBe('hello');
    expect(w.get(e, w.pair(w.core.Description, w.core.Brief))).toEqual({ value: 'hello' });
  });

  test('bad values are typed errors that name the culprit and change nothing', () => {
    const w = new World();
    const Position = w.component('Position', { x: 'f32', y: 'f32' });
    const Small = w.component('Small', { v: 'u8' });
    const Tag = w.tag('Tag');
    const e = w.entity();
    w.set(e, Position, { x: 1, y: 2 });
    expect(codeOf(() => w.set(e, Position, { z: 1 }))).toBe('unknown_member');
    expect(() => w.set(e, Position, { z: 1 })).toThrow(/Position has no member 'z'; members are: x, y/);
    expect(codeOf(() => w.set(e, Position, { x: 'abc' }))).toBe('invalid_value');
    expect(codeOf(() => w.set(e, Position, { x: 1, y: 'bad' }))).toBe('invalid_value');
    expect(codeOf(() => w.set(e, Small, { v: 300 }))).toBe('invalid_value');
    expect(codeOf(() => w.set(e, Small, { v: 1.5 }))).toBe('invalid_value');
    expect(codeOf(() => w.set(e, Tag, {}))).toBe('not_a_component');
    expect(codeOf(() => w.set(e, Position, 7))).toBe('invalid_value');
    expect(codeOf(() => w.set(e, Position, JSON.parse('{"__proto__": {"x": 1}}')))).toBe('unknown_member');
    expect(w.get(e, Position)).toEqual({ x: 1, y: 2 });
    expect(w.has(e, Small)).toBe(false);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  test('lenient sets accept numeric strings (browser forms)', () => {
    const w = new World();
    const Position = w.component('Position', { x: 'f32', y: 'f32' });
    const e = w.entity();
    w.set(e, Position, { x: '2.5' }, { lenient: true });
    expect(w.get(e, Position)).toEqual({ x: 2.5, y: 0 });
    expect(codeOf(() => w.set(e, Position, { x: '2.5' }))).toBe('invalid_value');
  });

  test('setMany is atomic: one bad entry means no change at all', () => {
    const w = new World();
    const Position = w.component('Position', { x: 'f32', y: 'f32' });
    const Mass = w.component('Mass', { value: 'f32' });
    const e = w.entity();
    w.set(e, Position, { x: 1, y: 1 });
    expect(() => w.setMany(e, [{ id: Mass, value: { value: 5 } }, { id: Position, value: { x: 'no' } }])).toThrow(EcsError);
    expect(w.has(e, Mass)).toBe(false);
    expect(w.get(e, Position)).toEqual({ x: 1, y: 1 });
    w.setMany(e, [{ id: Mass, value: { value: 5 } }, { id: Position, value: { x: 3 } }]);
    expect(w.get(e, Mass)).toEqual({ value: 5 });
    expect(w.get(e, Position)).toEqual({ x: 3, y: 1 });
  });

  test('units are known entities with symbols and quantities', () => {
    const w = new World();
    const Speed = w.component('Speed', { v: { type: 'f32', unit: 'ecs.units.Speed.MetersPerSecond' } });
    expect(w.componentInfo(Speed)!.schema!.leaves[0]!.unit).toBe('ecs.units.Speed.MetersPerSecond');
    expect(unitInfo(w, 'ecs.units.Duration.Seconds')).toEqual({ unit: 'ecs.units.Duration.Seconds', symbol: 's', quantity: 'ecs.units.Duration' });
    expect(w.lookup('ecs.units.Duration.Seconds')).not.toBe(0);
    expect(codeOf(() => w.component('Bad', { v: { type: 'f32', unit: 'ecs.units.Furlongs' } }))).toBe('invalid_argument');
    expect(w.lookup('Bad')).toBe(0);
  });

  test('a member with a range refuses values outside it, NaN included, and changes nothing', () => {
    const w = new World();
    const Knob = w.component('Knob', { level: { type: 'f32', default: 1, range: [0, 16] }, step: { type: 'i32', range: [-2, 2] } });
    const e = w.entity('Dial');
    w.set(e, Knob, { level: 16, step: -2 });
    for (const bad of [{ level: 16.5 }, { level: -0.25 }, { level: 1e9 }, { level: Number.NaN }, { level: Number.POSITIVE_INFINITY }, { step: 3 }, { level: 2, step: -3 }]) {
      let err: unknown;
      try { w.set(e, Knob, bad); } catch (x) { err = x; }
      expect(err, JSON.stringify(bad)).toBeInstanceOf(EcsError);
      expect((err as EcsError).code).toBe('invalid_value');
    }
    expect(() => w.set(e, Knob, { level: 1e9 })).toThrow('Knob.level: expected a number from 0 to 16, got 1000000000');
    expect(() => w.set(e, Knob, { step: 3 })).toThrow('Knob.step: expected a number from -2 to 2, got 3');
    expect(w.get(e, Knob)).toEqual({ level: 16, step: -2 });
    w.set(e, Knob, { level: 0 });
    expect(w.get(e, Knob)).toEqual({ level: 0, step: -2 });
  });

  test('a range is refused at registration on a non-numeric member, when inverted, or when the default is outside it', () => {
    const w = new World();
    expect(codeOf(() => w.component('A', { s: { type: 'string', range: [0, 1] } }))).toBe('invalid_argument');
    expect(codeOf(() => w.component('B', { x: { type: 'f32', range: [2, 1] } }))).toBe('invalid_argument');
    expect(codeOf(() => w.component('C', { x: { type: 'f32', range: [1, 2] } }))).toBe('invalid_argument');
    expect(codeOf(() => w.component('D', { x: { type: 'f32', default: 1.5, range: [1, 2] } }))).toBeUndefined();
  });

  test('unknown member types and empty structs are rejected at registration', () => {
    const w = new World();
    expect(codeOf(() => w.component('Bad', { x: 'float' as never }))).toBe('invalid_argument');
    expect(codeOf(() => w.component('Empty', {}))).toBe('invalid_argument');
    expect(w.lookup('Bad')).toBe(0);
  });
});
