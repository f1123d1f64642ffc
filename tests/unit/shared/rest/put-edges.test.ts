// The edges of the write endpoints that the main tests pass by: ids written as numbers next to
// names ending in digits, null values, the World entity with and without world settings, trailing
// and doubled slashes in PUT /entity, and each refusal's whole sentence.
import { describe, expect, test } from 'vitest';
import { App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';
import { createRouter } from '../../../../src/shared/rest';
import { data, setup } from './helpers';

const ids = (json: { ids: string[][] }) => json.ids.map((id) => id.join(','));

describe('PUT /set: how ids and values are read', () => {
  test('a part is an entity id only when it is all digits: Ship1 is a name, 11 is Mass', () => {
    const s = setup();
    const apples = String(s.ids.Apples);
    expect(s.put(`/set/Sun/Mars?data=${data({ ids: [['Eats', 'Ship1'], ['Eats', apples], ['11']], values: [null, null, { value: 2 }] })}`).json).toEqual({});
    const mars = s.get('/entity/Sun/Mars?values=true').json;
    expect(ids(mars)).toEqual(expect.arrayContaining(['Eats,Ship1', 'Eats,Apples', 'Mass']));
    expect(mars.values[ids(mars).indexOf('Mass')]).toEqual({ value: 2 });
    const dead = s.put(`/set/Sun/Mars?data=${data({ ids: [['99999']] })}`);
    expect(dead).toMatchObject({ status: 400, json: { error: "ids[0]: '99999' names no entity (give a component path such as Position or ecs.core.Disabled)" } });
  });
  test('null is no value: a component gets its defaults, an opaque one its registered default or keeps its own', () => {
    const s = setup();
    const Counter = s.world.opaqueComponent('Counter', { size: 4, default: 7 });
    expect(s.put(`/set/Sun/Mars?data=${data({ ids: [['Velocity'], ['Counter'], ['Opaque']], values: [null, null, null] })}`).json).toEqual({});
    const mars = s.get('/entity/Sun/Mars?values=true').json;
    expect(mars.values[ids(mars).indexOf('Velocity')]).toEqual({ x: 0, y: 0 });
    expect(s.world.get(s.world.lookup('Sun.Mars'), Counter)).toBe(7);
    expect(s.put(`/set/Sun/Earth?data=${data({ ids: [['Opaque']], values: [null] })}`).json).toEqual({});
    expect(s.world.get(s.ids['Sun.Earth']!, s.ids.Opaque!)).toBe(42);
  });
  test('a tag takes {} as no value; any other value is refused', () => {
    const s = setup();
    expect(s.put(`/set/Sun/Mars?data=${data({ ids: [['Enemy']], values: [{}] })}`).json).toEqual({});
    for (const value of [[], 0, { a: 1 }, 'x']) {
      expect(s.put(`/set/Sun/Mars?data=${data({ ids: [['Planet']], values: [value] })}`), JSON.stringify(value)).toMatchObject({
        status: 400, json: { error: 'ids[0]: Planet is a tag without data: give no value for it (it is added as is)' } });
    }
  });
  test('a payload of the wrong shape is named by its path in data, with zod\'s reason', () => {
    const s = setup();
    const example = 'send e.g. data={"ids":[["Position"]],"values":[{"x":1,"y":2}]}';
    expect(s.put(`/set/Sun/Mars?data=${data({ ids: 'x' })}`).json.error).toBe(`data.ids Invalid input: expected array, received string: ${example}`);
    expect(s.put(`/set/Sun/Mars?data=${data({ ids: [[]] })}`).json.error).toBe(`data.ids.0 Too small: expected array to have >=1 items: ${example}`);
  });
  test('an error of the store names the entry that caused it', () => {
    const s = setup();
    expect(s.put(`/set/Sun/Mars?data=${data({ ids: [['Enemy'], ['ecs.core.ChildOf', 'Sun.Mars']] })}`).json.error).toBe(
      "ids[1]: cannot set on 'Sun.Mars': cannot make 'Sun.Mars' a child of 'Sun.Mars': that would make a ChildOf cycle");
  });
});

describe('PUT /set on the World entity', () => {
  test('without world settings it is built in like the rest of ecs', () => {
    const s = setup();
    expect(s.put(`/set/ecs/core/World?data=${data({ ids: [['Position']], values: [{ x: 1 }] })}`).json.error).toBe(
      "cannot set components on 'ecs.core.World': it is built in (under ecs) and can be read but not changed");
  });
  test('with them, an empty payload sets no setting and is refused like any other', () => {
    const world = new World();
    new App(world, { manual: true, time_control: true });
    const r = createRouter(world).route('PUT', `/set/ecs/core/World?data=${data({})}`);
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).error).toBe("cannot set components other than world settings on 'ecs.core.World': it is built in (under ecs) and can be read but not changed");
  });
});

describe('PUT /entity paths', () => {
  test('a trailing slash is ignored; a leading empty level means the root', () => {
    const s = setup();
    expect(s.put('/entity/Sun/Probe/').json).toEqual({});
    expect(s.world.lookup('Sun.Probe')).not.toBe(0);
    expect(s.put('/entity//Root2').json).toEqual({});
    expect(s.world.parentOf(s.world.lookup('Root2'))).toBe(0);
  });
  test('no name at all is a 400 that shows the form', () => {
    const s = setup();
    for (const url of ['/entity/', '/entity//']) {
      expect(s.put(url), url).toMatchObject({ status: 400, json: { error: "no entity name given: use PUT /entity/<parent path>/<name>, e.g. /entity/Sun/Probe (levels separated by '/')" } });
    }
  });
  test('a taken name is a 409 naming the holder', () => {
    const s = setup();
    expect(s.put('/entity/Sun/Earth')).toMatchObject({ status: 409, json: { error: "cannot create 'Sun/Earth': Sun already has a child named 'Earth' ('Sun.Earth')" } });
  });
});

describe('the other write refusals, whole', () => {
  test('a built-in id: the refusal lists the built-ins that may be changed, values too where values are written', () => {
    const s = setup();
    expect(s.put(`/set/Sun/Mars?data=${data({ ids: [['ecs.core.Component']] })}`).json.error).toBe("ids[0]: cannot add 'ecs.core.Component': it is built in; of the built-ins only "
      + 'ecs.core.Disabled, ecs.core.Prefab, (ecs.core.ChildOf, …), (ecs.core.IsA, …), doc strings ((ecs.doc.Description, …)) and world settings can be changed here');
    expect(s.put('/component/Sun/Mars?component=ecs.core.Component').json.error).toBe("cannot add 'ecs.core.Component': it is built in; of the built-ins only "
      + 'ecs.core.Disabled, ecs.core.Prefab, (ecs.core.ChildOf, …) and (ecs.core.IsA, …) can be changed here');
  });
  test('PUT /component with a value for a tag; PUT /rename onto a taken name; DELETE /component of an inherited one', () => {
    const s = setup();
    expect(s.put(`/component/Sun/Mars?component=Enemy&value=${encodeURIComponent('{}')}`)).toMatchObject({
      status: 400, json: { error: "'Enemy' carries no data: add it without a value" } });
    expect(s.put('/rename/Sun/Mars?name=Mars').json).toEqual({});
    expect(s.put('/rename/Sun/Mars?name=Earth')).toMatchObject({
      status: 409, json: { error: "cannot rename 'Sun.Mars' to 'Earth': Sun already has a child named 'Earth' ('Sun.Earth')" } });
    expect(s.call('DELETE', '/component/Ship2?component=Position')).toMatchObject({
      status: 404, json: { error: "'Ship2' has no 'Position' of its own to remove: it is inherited (IsA), remove the IsA pair or the base's own" } });
    expect(s.put('/delete/Position')).toMatchObject({
      status: 403, json: { error: "cannot delete 'Position': it is a component or module (it has (ecs.core.OnDelete, ecs.core.Panic)) that entities and systems depend on" } });
  });
});

describe('PUT and DELETE /component: the id and the build rules, whole', () => {
  const enc = encodeURIComponent;
  const give = 'give a component or tag path such as Position, or a pair as (Rel,Target), e.g. (TravellingTo,Sun.Earth)';
  test('which part of the id names nothing; spaces around it and an entity id are fine', () => {
    const s = setup();
    expect(s.put(`/component/Sun/Mars?component=${enc('(Nope, Sun)')}`).json.error).toBe(`parameter 'component': the relationship 'Nope' names no entity; ${give}`);
    expect(s.put(`/component/Sun/Mars?component=${enc('(Eats, Nope)')}`).json.error).toBe(`parameter 'component': the pair target 'Nope' names no entity; ${give}`);
    expect(s.put('/component/Sun/Mars?component=Nope').json.error).toBe(`parameter 'component': 'Nope' names no entity; ${give}`);
    expect(s.put('/component/Sun/Mars?component=99999').json.error).toBe(`parameter 'component': '99999' names no entity; ${give}`);
    expect(s.put(`/component/Sun/Mars?component=${enc(' Enemy ')}`).json).toEqual({});
    expect(s.put(`/component/Sun/Mars?component=${enc(' (Eats, Apples) ')}`).json).toEqual({});
    expect(s.put(`/component/Sun/Mars?component=${s.ids.Dust}`).json).toEqual({});
    expect(s.get('/entity/Sun/Mars').json.ids).toEqual(expect.arrayContaining([['Enemy'], ['Dust'], ['Eats', 'Apples']]));
  });
  test('a component keeps its parent both ways; a built-in target is refused only when adding', () => {
    const s = setup();
    expect(s.put(`/component/Position?component=${enc('(ChildOf, Sun)')}`)).toMatchObject({ status: 403,
      json: { error: "cannot add '(ecs.core.ChildOf, Sun)' to 'Position': it is a component or module, and queries and systems name it by its path" } });
    expect(s.call('DELETE', `/component/Position?component=${enc('(ChildOf, Sun)')}`)).toMatchObject({ status: 403,
      json: { error: "cannot remove '(ecs.core.ChildOf, Sun)' from 'Position': it is a component or module, and queries and systems name it by its path" } });
    // Only its parent is fixed: a component may inherit from another entity.
    expect(s.put(`/component/Position?component=${enc('(IsA, Sun)')}`)).toMatchObject({ status: 200, json: {} });
    expect(s.put(`/component/Sun/Mars?component=${enc('(IsA, ecs.core)')}`)).toMatchObject({ status: 403,
      json: { error: "cannot add '(ecs.core.IsA, ecs.core)': its target is built in (under ecs), and an entity may not move under or inherit from a built-in" } });
    // Removing a pair to a built-in target is no move into the built-ins: it answers as any absent id.
    expect(s.call('DELETE', `/component/Sun/Earth?component=${enc('(ChildOf, ecs)')}`)).toMatchObject({ status: 404,
      json: { error: "'Sun.Earth' has no '(ecs.core.ChildOf, ecs)' of its own to remove" } });
  });
});
