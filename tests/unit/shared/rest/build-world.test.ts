// The endpoints that build the world (PUT|DELETE /entity, PUT|DELETE /component, PUT /rename):
// each does what it says, and every refusal (bad input, built-ins, clashes) is a 4xx with a
// message naming the culprit and leaves the whole world as it was.
import { describe, expect, test } from 'vitest';
import { setup } from './helpers';
import { snapshotOf } from './world-snapshot';

const ids = (json: { ids: string[][] }) => json.ids.map((id) => id.join(','));
const enc = encodeURIComponent;

/** Asserts that `url` is refused with `status` and a message containing `says`, and that the world did not change. */
function refused(s: ReturnType<typeof setup>, method: string, url: string, status: number, says: string) {
  const before = snapshotOf(s.get);
  const r = s.call(method, url);
  expect(r.status, `${method} ${url}: ${JSON.stringify(r.json)}`).toBe(status);
  expect(r.json.error, url).toContain(says);
  expect(snapshotOf(s.get), `${method} ${url} changed the world`).toEqual(before);
}

describe('PUT /entity/<path>', () => {
  test('creates a named entity under an existing parent, or at the root', () => {
    const s = setup();
    expect(s.put('/entity/Sun/Probe').json).toEqual({});
    const probe = s.get('/entity/Sun/Probe');
    expect(probe.status).toBe(200);
    expect(probe.json.path).toBe('Sun.Probe');
    expect(ids(probe.json)).toEqual([]);
    expect(s.put('/entity/Probe').json).toEqual({});
    expect(s.get('/entity/Probe').json.path).toBe('Probe');
  });

  test('refuses a taken path, an invalid name, a missing or built-in parent, and changes nothing', () => {
    const s = setup();
    refused(s, 'PUT', '/entity/Sun/Earth', 409, "already has a child named 'Earth'");
    refused(s, 'PUT', '/entity/Sun/123', 400, 'invalid name');
    refused(s, 'PUT', `/entity/Sun/${enc(' Lead')}`, 400, 'invalid name');
    refused(s, 'PUT', `/entity/Sun/${enc('a.b')}`, 400, 'invalid name');
    refused(s, 'PUT', `/entity/Sun/${enc('a/b')}`, 400, 'invalid name');
    refused(s, 'PUT', '/entity/Nowhere/Probe', 404, "its parent 'Nowhere' names no entity");
    refused(s, 'PUT', '/entity/ecs/core/Probe', 403, 'built in');
  });

  test('PUT /delete undoes it (the contract deletes with PUT /delete; DELETE /entity is 405)', () => {
    const s = setup();
    const before = snapshotOf(s.get);
    s.put('/entity/Sun/Probe');
    expect(s.call('DELETE', '/entity/Sun/Probe').status).toBe(405);
    expect(s.put('/delete/Sun/Probe').json).toEqual({});
    expect(snapshotOf(s.get)).toEqual(before);
  });
});

describe('PUT /component/<path>', () => {
  test('adds a component with its reflected defaults, or with the value given', () => {
    const s = setup();
    expect(s.put('/component/Sun/Mars?component=Velocity').json).toEqual({});
    let mars = s.get('/entity/Sun/Mars?values=true').json;
    expect(mars.values[ids(mars).indexOf('Velocity')]).toEqual({ x: 0, y: 0 });
    expect(s.put(`/component/Comet?component=Mass&value=${enc('{"value":3}')}`).json).toEqual({});
    const comet = s.get('/entity/Comet?values=true').json;
    expect(comet.values[ids(comet).indexOf('Mass')]).toEqual({ value: 3 });
    // An id the entity has is left as it is without a value.
    s.put('/component/Sun/Mars?component=Mass');
    mars = s.get('/entity/Sun/Mars?values=true').json;
    expect(mars.values[ids(mars).indexOf('Mass')]).toEqual({ value: 0.642 });
  });

  test('adds a tag and a pair (Rel,Target), spaces allowed', () => {
    const s = setup();
    s.put('/component/Sun/Mars?component=Enemy');
    s.put(`/component/Sun/Mars?component=${enc('(Eats, Sun.Earth)')}`);
    expect(ids(s.get('/entity/Sun/Mars').json)).toEqual(expect.arrayContaining(['Enemy', 'Eats,Sun.Earth']));
  });

  test('moves an entity with a ChildOf pair, and Disabled and Prefab are the built-in tags it takes', () => {
    const s = setup();
    expect(s.put(`/component/Comet?component=${enc('(ChildOf, Sun)')}`).json).toEqual({});
    expect(s.get('/entity/Sun/Comet').status).toBe(200);
    expect(s.put('/component/Sun/Comet?component=ecs.core.Disabled').json).toEqual({});
    expect(ids(s.get('/entity/Sun/Comet').json)).toContain('ecs.core.Disabled');
  });

  test('refuses bad input, built-ins and broken rules, and changes nothing', () => {
    const s = setup();
    refused(s, 'PUT', '/component/Sun/Mars?component=Gravity', 400, "'Gravity' names no entity");
    refused(s, 'PUT', `/component/Sun/Mars?component=${enc('(Eats,Nothing)')}`, 400, "the pair target 'Nothing' names no entity");
    refused(s, 'PUT', `/component/Sun/Mars?component=${enc('(Eats,*)')}`, 400, 'placeholder');
    refused(s, 'PUT', '/component/Sun/Mars', 400, "missing parameter 'component'");
    refused(s, 'PUT', `/component/Sun/Mars?component=Planet&value=${enc('{}')}`, 400, 'carries no data');
    refused(s, 'PUT', `/component/Sun/Mars?component=Velocity&value=${enc('{x:1')}`, 400, "parameter 'value' is not valid JSON");
    refused(s, 'PUT', `/component/Sun/Mars?component=Velocity&value=${enc('{"z":1}')}`, 400, 'z');
    refused(s, 'PUT', `/component/Sun/Mars?component=Velocity&value=${enc('{"x":"fast"}')}`, 400, 'fast');
    refused(s, 'PUT', '/component/Sun/Mars?component=ecs.core.Component', 403, 'it is built in');
    refused(s, 'PUT', '/component/Sun/Mars?component=ecs.core.Module', 403, 'it is built in');
    refused(s, 'PUT', `/component/Sun/Mars?component=${enc('(ChildOf, ecs.core)')}`, 403, 'its target is built in');
    refused(s, 'PUT', `/component/Sun/Mars?component=${enc('(IsA, ecs.core.World)')}`, 403, 'its target is built in');
    refused(s, 'PUT', `/component/Position?component=${enc('(ChildOf, Sun)')}`, 403, 'component or module');
    refused(s, 'PUT', '/component/ecs/core/World?component=Planet', 403, 'built in');
    refused(s, 'PUT', '/component/Nowhere?component=Planet', 404, 'not found');
    refused(s, 'PUT', `/component/Sun?component=${enc('(ChildOf, Sun.Earth.Moon)')}`, 400, 'cycle');
    s.put('/entity/Sun/Earth/Mars');
    refused(s, 'PUT', `/component/Sun/Earth/Mars?component=${enc('(ChildOf, Sun)')}`, 409, "already has a child named 'Mars'");
  });
});

describe('DELETE /component/<path>', () => {
  test('removes a component, a tag or a pair the entity owns', () => {
    const s = setup();
    for (const c of ['Velocity', 'Planet', '(Eats,Apples)']) expect(s.call('DELETE', `/component/Sun/Earth?component=${enc(c)}`).json).toEqual({});
    const earth = ids(s.get('/entity/Sun/Earth').json);
    expect(earth).not.toContain('Velocity');
    expect(earth).not.toContain('Planet');
    expect(earth).not.toContain('Eats,Apples');
    expect(earth).toContain('Position');
  });

  test('removing the ChildOf moves the entity to the root, unless the name is taken there', () => {
    const s = setup();
    expect(s.call('DELETE', `/component/Sun/Mars?component=${enc('(ChildOf,Sun)')}`).json).toEqual({});
    expect(s.get('/entity/Mars').status).toBe(200);
    // The tag Moon is a root entity: Sun.Earth.Moon cannot move there.
    refused(s, 'DELETE', `/component/Sun/Earth/Moon?component=${enc('(ChildOf,Sun.Earth)')}`, 409, "the root already has an entity named 'Moon'");
  });

  test('refuses what the entity does not own, built-ins and placeholders, and changes nothing', () => {
    const s = setup();
    refused(s, 'DELETE', '/component/Sun/Mars?component=Velocity', 404, "'Sun.Mars' has no 'Velocity' of its own");
    refused(s, 'DELETE', '/component/Ship2?component=Position', 404, 'it is inherited (IsA)');
    refused(s, 'DELETE', `/component/Sun/Mars?component=${enc('(ChildOf,*)')}`, 400, 'placeholder');
    refused(s, 'DELETE', `/component/Sun/Mars?component=${enc('(ecs.core.Identifier,ecs.core.Name)')}`, 403, 'it is built in');
    refused(s, 'DELETE', `/component/Position?component=${enc('(ecs.core.OnDelete,ecs.core.Panic)')}`, 403, 'built in');
    refused(s, 'DELETE', '/component/ecs/core/Position?component=Planet', 404, 'not found');
    refused(s, 'DELETE', '/component/ecs/core/World?component=ecs.core.Disabled', 403, 'built in');
    // A component's (or module's) parent is part of the path queries name it by.
    s.world.component('Thrust', { value: 'f32' }, { parent: s.ids.Sun });
    refused(s, 'DELETE', `/component/Sun/Thrust?component=${enc('(ChildOf,Sun)')}`, 403, "from 'Sun.Thrust': it is a component or module");
  });
});

describe('PUT /rename/<path>', () => {
  test('renames; the old path is gone, children follow', () => {
    const s = setup();
    expect(s.put('/rename/Sun/Earth?name=Terra').json).toEqual({});
    expect(s.get('/entity/Sun/Earth').status).toBe(404);
    expect(s.get('/entity/Sun/Terra/Moon').status).toBe(200);
    expect(s.put('/rename/Sun/Terra?name=Terra').json).toEqual({});
  });

  test('refuses a taken or invalid name, components and built-ins, and changes nothing', () => {
    const s = setup();
    refused(s, 'PUT', '/rename/Sun/Mars?name=Earth', 409, "already has a child named 'Earth'");
    refused(s, 'PUT', '/rename/Sun/Mars?name=42', 400, 'invalid name');
    refused(s, 'PUT', `/rename/Sun/Mars?name=${enc('Red.Planet')}`, 400, 'invalid name');
    refused(s, 'PUT', '/rename/Sun/Mars', 400, "missing parameter 'name'");
    refused(s, 'PUT', '/rename/Sun/Mars?name=', 400, "parameter 'name'");
    refused(s, 'PUT', '/rename/Position?name=Place', 403, 'component or module');
    refused(s, 'PUT', '/rename/ecs/core/World?name=Earth2', 403, 'built in');
  });
});

describe('PUT /set keeps the build rules', () => {
  const set = (ids: string[][], values?: unknown[]) => `data=${enc(JSON.stringify(values ? { ids, values } : { ids }))}`;

  test('built-in ids that change what an entity is, and moves under built-ins, are refused as PUT /component refuses them; nothing changes', () => {
    const s = setup();
    refused(s, 'PUT', `/set/Sun/Mars?${set([['ecs.core.Component']])}`, 403, "ids[0]: cannot add 'ecs.core.Component': it is built in");
    refused(s, 'PUT', `/set/Sun/Mars?${set([['ecs.core.Module']])}`, 403, "ids[0]: cannot add 'ecs.core.Module': it is built in");
    refused(s, 'PUT', `/set/Sun/Mars?${set([['Position'], ['ecs.core.World']], [{ x: 1 }])}`, 403, "ids[1]: cannot add 'ecs.core.World': it is built in");
    refused(s, 'PUT', `/set/Sun/Mars?${set([['ChildOf', 'ecs.core']])}`, 403, "ids[0]: cannot add '(ecs.core.ChildOf, ecs.core)': its target is built in");
    refused(s, 'PUT', `/set/Sun/Mars?${set([['IsA', 'ecs.core.World']])}`, 403, 'its target is built in');
    refused(s, 'PUT', `/set/Position?${set([['ChildOf', 'Sun']])}`, 403, 'it is a component or module');
  });

  test('the built-ins a user builds with, built-in ids that carry data (a doc string) and world settings are still set', () => {
    const s = setup();
    expect(s.put(`/set/Sun/Mars?${set([['ecs.core.Disabled'], ['ecs.core.Prefab'], ['ChildOf', 'Sun.Earth']])}`).status).toBe(200);
    expect(s.get('/entity/Sun/Earth/Mars').status).toBe(200);
    expect(s.put(`/set/Sun/Earth?${set([['ecs.doc.Description', 'ecs.doc.Brief']], [{ value: 'third rock' }])}`).status).toBe(200);
    expect(s.get('/entity/Sun/Earth?brief=true').json.brief).toBe('third rock');
  });
});

describe('refusals name what was refused', () => {
  test('a write to a built-in entity says which change was refused, on which entity, and why', () => {
    const s = setup();
    const why = 'it is built in (under ecs) and can be read but not changed';
    const cases: [string, string, string][] = [
      ['PUT', '/enable/ecs/core/World', `cannot enable 'ecs.core.World': ${why}`],
      ['PUT', '/disable/ecs/core/World', `cannot disable 'ecs.core.World': ${why}`],
      ['PUT', '/delete/ecs/core/World', `cannot delete 'ecs.core.World': ${why}`],
      ['PUT', '/rename/ecs/core/World?name=Q', `cannot rename 'ecs.core.World': ${why}`],
      ['PUT', '/entity/ecs/core/World/Kid', `cannot create entities under 'ecs.core.World': ${why}`],
      ['PUT', `/set/ecs/core?data=${enc('{"ids":[["Position"]]}')}`, `cannot set components on 'ecs.core': ${why}`],
      ['PUT', '/component/ecs/core?component=Planet', `cannot add components to 'ecs.core': ${why}`],
      ['DELETE', '/component/ecs/core?component=Planet', `cannot remove components from 'ecs.core': ${why}`],
    ];
    for (const [method, url, message] of cases) {
      const r = s.call(method, url);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.json.error, `${method} ${url}`).toBe(message);
    }
  });
});

