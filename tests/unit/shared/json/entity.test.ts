// The entity reply serializer on the reference world (WORLD.md): parts switched by options.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { entityReplyOptions, serializeEntity, type EntityReplyOptions } from '../../../../src/shared/json';
import { entityReplySchema } from '../../../../src/shared/protocol';
import { buildReferenceWorld } from '../../../fixtures/reference-world';

const { world, ids } = buildReferenceWorld();
const reply = (path: string, o: Partial<EntityReplyOptions> = {}) => {
  const body = JSON.parse(serializeEntity(world, world.lookup(path), entityReplyOptions(o))) as Record<string, unknown>;
  entityReplySchema.parse(body);
  return body;
};

describe('entity reply', () => {
  test('defaults: dotted path and public ids only', () => {
    expect(reply('Sun.Earth')).toEqual({ path: 'Sun.Earth', ids: [['Position'], ['Velocity'], ['Mass'], ['Opaque'], ['Planet'], ['Eats', 'Apples']] });
  });

  test('values and type_info are aligned with ids; 0 for tags, pairs and opaque data', () => {
    const r = reply('Sun.Earth', { values: true, type_info: true });
    expect(r.values).toEqual([{ x: 1, y: 0 }, { x: 0, y: 0 }, { value: 5.97 }, 0, 0, 0]);
    expect(r.type_info).toEqual([{ x: ['float'], y: ['float'] }, { x: ['float'], y: ['float'] }, { value: ['float'] }, 0, 0, 0]);
  });

  test('private=true adds name, parent and doc ids; doc values are shown', () => {
    const r = reply('Sun.Earth', { private: true, values: true });
    const pairs = (r.ids as string[][]).map((id) => id.join(','));
    expect(pairs).toEqual(expect.arrayContaining(['ecs.core.Identifier,ecs.core.Name', 'ecs.core.ChildOf,Sun', 'ecs.doc.Description,ecs.core.Name']));
    expect((r.values as unknown[])[pairs.indexOf('ecs.doc.Description,ecs.core.Name')]).toEqual({ value: 'The Earth' });
  });

  test('doc fields: label falls back to the name, then the id; unset brief/link are left out', () => {
    expect(reply('Sun.Earth', { label: true, brief: true, link: true, color: true })).toMatchObject({
      label: 'The Earth', brief: 'Third planet from the Sun', link: 'https://en.wikipedia.org/wiki/Earth', color: '#0000ff',
    });
    const moon = reply('Sun.Earth.Moon', { label: true, brief: true, link: true });
    expect(moon.label).toBe('Moon');
    expect(moon.brief).toBe('Earth\'s "natural" satellite\nline2');
    expect('link' in moon).toBe(false);
    expect(JSON.parse(serializeEntity(world, 549, entityReplyOptions({ label: true }))).label).toBe('549');
  });

  test('is_a lists what is inherited: overridden ids are hidden, bases of bases follow', () => {
    expect(reply('Ship1', { values: true })).toMatchObject({
      is_a: [{ path: 'SpaceShip', ids: [['Position']], values: [{ x: 1, y: 2 }] }],
      ids: [['Velocity'], ['Enemy'], ['Eats', 'Pears']],
    });
    expect('is_a' in reply('Ship1', { base: false })).toBe(false);
    expect('is_a' in reply('Sun')).toBe(false);
    const w = world;
    const Big = w.prefab('BigShip');
    w.add(Big, w.pair(w.core.IsA, ids.SpaceShip!));
    w.set(Big, ids.Mass!, { value: 7 });
    const inst = w.instantiate(Big, { name: 'Big1' });
    expect(JSON.parse(serializeEntity(w, inst, entityReplyOptions({}))).is_a).toEqual([
      { path: 'BigShip', ids: [['Mass']] },
      { path: 'SpaceShip', ids: [['Position'], ['Velocity']] },
    ]);
  });

  test('ids=false leaves ids out but keeps values', () => {
    expect(reply('Sun', { ids: false, values: true })).toEqual({ path: 'Sun', values: [{ x: 0, y: 0 }, { value: 1000 }] });
  });

  test('matches, refs and alerts', () => {
    expect(reply('Sun.Earth', { matches: true }).matches).toEqual(['Move', 'Planets', 'EatsQuery', 'PlanetParent']);
    expect(reply('Sun', { refs: world.core.ChildOf }).refs).toEqual({ ChildOf: ['Sun.Earth', 'Sun.Mars'] });
    expect(reply('Apples', { refs: '*' }).refs).toEqual({ Eats: ['Sun.Earth', 'Sun.Earth.Moon'] });
    const alert = { alert: 'LowFuel', message: 'Sun is low on fuel', severity: 'Warning' };
    expect(reply('Sun', { alerts: true, alertsOf: () => [alert] }).alerts).toEqual([alert]);
    expect('alerts' in reply('Sun', { alerts: true, alertsOf: () => [] })).toBe(false);
  });
});

describe('entity reply after names and parents change', () => {
  test('paths follow a rename, a new parent and a recycled id (paths are kept only while names and parents stand)', () => {
    const w = buildReferenceWorld().world;
    const earth = w.lookup('Sun.Earth');
    const eats = w.lookup('Eats');
    const path = () => (JSON.parse(serializeEntity(w, earth, entityReplyOptions({ ids: true }))) as { path: string; ids: string[][] });
    expect(path().path).toBe('Sun.Earth');
    w.setName(w.lookup('Sun'), 'Sol');
    expect(path().path).toBe('Sol.Earth');
    w.setName(eats, 'Devours');
    expect(path().ids).toContainEqual(['Devours', 'Apples']);
    const other = w.entity('Other');
    w.add(earth, w.pair(w.core.ChildOf, other));
    expect(path().path).toBe('Other.Earth');
    const anon = w.entity();
    w.delete(anon);
    const named = w.entity('Recycled');
    expect(JSON.parse(serializeEntity(w, named)).path).toBe('Recycled');
  });

  test('a component made private after a reply leaves the next reply (its ids are kept only while no id entity changes its type)', () => {
    const w = buildReferenceWorld().world;
    const earth = w.lookup('Sun.Earth');
    const ids = () => (JSON.parse(serializeEntity(w, earth, entityReplyOptions({ ids: true }))) as { ids: string[][] }).ids;
    expect(ids()).toContainEqual(['Mass']);
    w.add(w.lookup('Mass'), w.core.Private);
    expect(ids()).not.toContainEqual(['Mass']);
    expect(ids()).toContainEqual(['Position']);
    expect(JSON.parse(serializeEntity(w, earth, entityReplyOptions({ ids: true, private: true }))).ids).toContainEqual(['Mass']);
  });
});

describe('entity reply values of every kind', () => {
  // Numeric values are written as bytes, text values as strings: in one list, in id order.
  test('numbers, text (non-ASCII too), entity members, tags and nested members keep their order and text', () => {
    const w = new World();
    const Pos = w.component('Pos', { x: 'f32', y: 'f32' });
    const Label = w.component('Label', { text: 'string' });
    const Tag = w.tag('Marked');
    const Target = w.component('Target', { who: 'entity' });
    const Shape = w.component('Shape', { kind: { enum: ['Rock', 'Ice'] }, size: { struct: { r: 'f64', n: 'u8' } } });
    const sun = w.entity('Sun');
    const e = w.entity('Rock');
    w.set(e, Pos, { x: 1.5, y: -0.1 });
    w.set(e, Label, { text: 'Fâché ✓ "ok"' });
    w.add(e, Tag);
    w.set(e, Target, { who: sun });
    w.set(e, Shape, { kind: 'Ice', size: { r: 0.25, n: 7 } });
    const body = JSON.parse(serializeEntity(w, e, entityReplyOptions({ values: true }))) as { ids: string[][]; values: unknown[] };
    const byId = Object.fromEntries(body.ids.map((id, i) => [id.join(','), body.values[i]]));
    expect(byId).toEqual({
      Pos: { x: 1.5, y: -0.1 },
      Label: { text: 'Fâché ✓ "ok"' },
      Marked: 0,
      Target: { who: 'Sun' },
      Shape: { kind: 'Ice', size: { r: 0.25, n: 7 } },
    });
    expect(body.ids).toHaveLength(5);
  });
});
