// Component values and reflection data as the replies show them: every member kind, nesting,
// arrays, enums, units; text reuse while a value does not change.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { rowText, schemaTypeInfo, templateOf, typeInfoText, writeValue } from '../../../../src/shared/json';

function kindsWorld() {
  const w = new World();
  const Kinds = w.component('Kinds', {
    f: 'f32', d: 'f64', i: 'i32', u: 'u8', b: 'bool', s: 'string', e: 'entity',
    mode: { enum: ['Idle', 'Run'] },
    pos: { struct: { x: 'f32', y: 'f32' } },
    path: { array: 'i16', count: 3 },
    t: { type: 'f32', unit: 'ecs.units.Duration.Seconds' },
  });
  const target = w.entity({ name: 'Target', parent: w.entity('Home') });
  const e = w.entity('Thing');
  w.set(e, Kinds, { f: 5.97, d: 0.1, i: -3, u: 255, b: true, s: 'say "hi"\n', e: target, mode: 'Run', pos: { x: 1.5, y: 0.25 }, path: [1, 2, 3], t: 2 });
  return { w, Kinds, e, target };
}

describe('type info', () => {
  test('every member kind in the reference format', () => {
    const { w, Kinds } = kindsWorld();
    expect(schemaTypeInfo(w, w.componentInfo(Kinds)!.schema!)).toEqual({
      f: ['float'], d: ['float'], i: ['int'], u: ['int'], b: ['bool'], s: ['text'], e: ['entity'],
      mode: ['enum', 'Idle', 'Run'],
      pos: { x: ['float'], y: ['float'] },
      path: ['array', ['int'], 3],
      t: ['float', { unit: 'ecs.units.Duration.Seconds', symbol: 's', quantity: 'ecs.units.Duration' }],
    });
  });

  test('ids without reflection are 0', () => {
    const w = new World();
    const Opaque = w.opaqueComponent('Opaque');
    const Tag = w.tag('Tag');
    expect(typeInfoText(w, Opaque)).toBe('0');
    expect(typeInfoText(w, Tag)).toBe('0');
    expect(typeInfoText(w, w.pair(Tag, w.core.Wildcard))).toBe('0');
  });
});

describe('value text', () => {
  test('members of every kind, nested and in arrays, as valid JSON', () => {
    const { w, Kinds, e } = kindsWorld();
    const { table, row } = w.locate(e);
    const text = writeValue(templateOf(w.componentInfo(Kinds)!.schema!), table.column(Kinds)!.arrays, row, w);
    expect(JSON.parse(text)).toEqual({
      f: 5.97, d: 0.1, i: -3, u: 255, b: true, s: 'say "hi"\n', e: 'Home.Target', mode: 'Run',
      pos: { x: 1.5, y: 0.25 }, path: [1, 2, 3], t: 2,
    });
    expect(text).toContain('"f":5.97,');
  });

  test('an entity member that names nothing prints 0; NaN prints null', () => {
    const w = new World();
    const C = w.component('C', { e: 'entity', f: 'f32' });
    const x = w.entity();
    w.set(x, C, { f: Number.NaN });
    const { table, row } = w.locate(x);
    expect(JSON.parse(writeValue(templateOf(w.componentInfo(C)!.schema!), table.column(C)!.arrays, row, w))).toEqual({ e: 0, f: null });
  });

  test('cached text follows changes of the value', () => {
    const w = new World();
    const P = w.component('P', { x: 'f32', y: 'f32' });
    const ents = Array.from({ length: 40 }, (_, i) => { const e = w.entity(); w.set(e, P, { x: i, y: 0.5 }); return e; });
    const text = (e: number) => {
      const { table, row } = w.locate(e);
      const col = table.column(P)!;
      return rowText(col, templateOf(col.info.schema!), row, w);
    };
    expect(text(ents[3]!)).toBe('{"x":3,"y":0.5}');
    w.set(ents[3]!, P, { x: 0.1 });
    expect(text(ents[3]!)).toBe('{"x":0.1,"y":0.5}');
    w.set(ents[3]!, P, { y: Number.NaN });
    expect(text(ents[3]!)).toBe('{"x":0.1,"y":null}');
    // Swap-removal moves another entity into the row: the text follows the values in the row.
    w.delete(ents[0]!);
    for (const e of ents.slice(1)) expect(JSON.parse(text(e))).toEqual(e === ents[3] ? { x: 0.1, y: null } : w.get(e, P));
  });
});
