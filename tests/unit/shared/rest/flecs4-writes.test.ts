// The Flecs 4 dialect's writes on the reference world, each reply whole: how the component
// parameter is read (paths, ids, #ids, pairs, spaces), every refusal in the dialect's names
// (flecs.*), and what PUT /entity makes of its path.
import { describe, expect, test } from 'vitest';
import { setup } from './helpers';

const NO_ENTITY = (what: string) => `parameter 'component': '${what}' names no entity; give a component path such as Position, or a pair as (Rel,Target)`;
const NOT_FOUND = "entity 'Nowhere' not found: levels are separated by '/', names are case sensitive, and a level of digits is an entity id";
const enc = encodeURIComponent;

describe('the component parameter', () => {
  test('a path (spaces around it ignored), an entity id with or without #, a pair with spaces', () => {
    const s = setup({ compat: 'flecs-4' });
    for (const c of [`%23${s.ids.Enemy}`, String(s.ids.Moon), enc(' Velocity '), enc('(Eats, Pears)')]) {
      expect(s.put(`/component/Sun/Mars?component=${c}`), c).toEqual({ status: 200, headers: undefined, json: {} });
    }
    const mars = s.get('/entity/Sun/Mars').json;
    expect(mars.tags).toEqual(expect.arrayContaining(['Enemy', 'Moon']));
    expect(mars.pairs).toEqual({ Eats: 'Pears' });
    expect(Object.keys(mars.components)).toContain('Velocity');
    // Spaces around a whole pair too: both dialects split an id's text the same way (splitIdText).
    expect(s.put(`/component/Ship2?component=${enc(' (Eats, Apples) ')}`)).toEqual({ status: 200, headers: undefined, json: {} });
    expect(s.get('/entity/Ship2').json.pairs).toMatchObject({ Eats: 'Apples' });
  });
  test('what names nothing: a dead id, a pair part, text around a pair', () => {
    const s = setup({ compat: 'flecs-4' });
    const cases: [string, string][] = [['%2399999', '#99999'], ['(Eats,Nope)', 'Nope'], ['x(Eats,Pears)', 'x(Eats,Pears)'], ['Nope', 'Nope']];
    for (const [c, what] of cases) {
      for (const method of ['PUT', 'DELETE']) expect(s.call(method, `/component/Sun/Mars?component=${c}`), `${method} ${c}`).toMatchObject({ status: 400, json: { error: NO_ENTITY(what) } });
    }
  });
});

describe('PUT and DELETE /component refusals, in flecs names', () => {
  test('the entity: unknown (404) or built in (403)', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.put('/component/Nowhere?component=Position')).toMatchObject({ status: 404, json: { error: NOT_FOUND } });
    expect(s.call('DELETE', '/component/Nowhere?component=Position')).toMatchObject({ status: 404, json: { error: NOT_FOUND } });
    expect(s.put(`/component/flecs/core/World?component=Position&value=${enc('{}')}`)).toMatchObject({
      status: 403, json: { error: "cannot set components on 'flecs.core.World': it is built in (under flecs) and can be read but not changed" } });
    expect(s.put(`/component/flecs/core?component=flecs.stats.WorldSummary&value=${enc('{}')}`)).toMatchObject({
      status: 403, json: { error: "cannot set components on 'flecs.core': it is built in (under flecs) and can be read but not changed" } });
    expect(s.call('DELETE', '/component/flecs/core/World?component=flecs.core.Disabled')).toMatchObject({
      status: 403, json: { error: "cannot remove components from 'flecs.core.World': it is built in (under flecs) and can be read but not changed" } });
  });
  test('the value: missing for WorldSummary, not JSON, for a tag, of the wrong type; a cycle', () => {
    const s = setup({ compat: 'flecs-4' });
    // The parser's own words in the brackets are the engine's (Node 24 adds "(line 1 column 2)"),
    // so only our part of the message is asserted.
    const notJson = expect.stringMatching(/^parameter 'value' is not valid JSON \(.+\): send e\.g\. value=\{"x":1\}, URL-encoded$/) as string;
    const cases: [string, number, string][] = [
      ['/component/flecs/core/World?component=flecs.stats.WorldSummary', 400, 'missing parameter \'value\': send e.g. value={"target_fps":60}'],
      ['/component/flecs/core/World?component=flecs.stats.WorldSummary&value=%7Bbad', 400, notJson],
      ['/component/Sun/Mars?component=Position&value=%7Bbad', 400, notJson],
      [`/component/Sun/Mars?component=Enemy&value=${enc('{}')}`, 400, "'Enemy' carries no data: add it without a value"],
      [`/component/Sun/Mars?component=Position&value=${enc('{"x":"abc"}')}`, 400, "cannot set 'Position' on 'Sun.Mars': Position.x: expected a number (f32), got \"abc\""],
      [`/component/Sun/Mars?component=${enc('(ChildOf,Sun.Mars)')}`, 400, "cannot set '(flecs.core.ChildOf, Sun.Mars)' on 'Sun.Mars': cannot make 'Sun.Mars' a child of 'Sun.Mars': that would make a ChildOf cycle"],
    ];
    const before = s.get('/entity/Sun/Mars?values=true').json;
    for (const [url, status, error] of cases) expect(s.put(url), url).toMatchObject({ status, json: { error } });
    expect(s.get('/entity/Sun/Mars?values=true').json).toEqual(before);
  });
  test('members are read leniently: a numeric string is a number', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.put(`/component/Sun/Mars?component=Position&value=${enc('{"x":"2.5"}')}`).json).toEqual({});
    expect(s.get('/entity/Sun/Mars?values=true').json.components.Position).toEqual({ x: 2.5, y: 0 });
  });
});

describe('PUT /toggle', () => {
  test('the entity, with or without an empty component; a named one is refused', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.put('/toggle/Sun/Mars?enable=false').json).toEqual({});
    expect(s.world.isEnabled(s.world.lookup('Sun.Mars'))).toBe(false);
    expect(s.put('/toggle/Sun/Mars?enable=true&component=').json).toEqual({});
    expect(s.world.isEnabled(s.world.lookup('Sun.Mars'))).toBe(true);
    expect(s.put('/toggle/Sun/Mars?enable=false&component=Position')).toMatchObject({ status: 400,
      json: { error: "toggling one component (component='Position') is not supported: toggle the whole entity, or remove the component with DELETE /component" } });
    expect(s.world.isEnabled(s.world.lookup('Sun.Mars'))).toBe(true);
  });
});

describe('PUT /entity makes the missing levels of its path', () => {
  test('levels that exist are kept, missing ones created; a trailing slash is ignored', () => {
    const s = setup({ compat: 'flecs-4' });
    const earth = s.world.lookup('Sun.Earth');
    expect(s.put('/entity/Sun/Earth').json).toEqual({});
    expect(s.world.lookup('Sun.Earth')).toBe(earth);
    expect(s.put('/entity/Sun/Earth/NewMoon/').json).toEqual({});
    expect(s.world.parentOf(s.world.lookup('Sun.Earth.NewMoon'))).toBe(earth);
    expect(s.put('/entity/A/B/C').json).toEqual({});
    expect(s.world.pathOf(s.world.parentOf(s.world.lookup('A.B.C')))).toBe('A.B');
    // A name found outside the parent (the root's Position, seen from Sun) is not that level.
    expect(s.put('/entity/Sun/Position').json).toEqual({});
    expect(s.world.parentOf(s.world.lookup('Sun.Position'))).toBe(s.world.lookup('Sun'));
  });
  test('an empty path, an empty or numeric level, a built-in parent', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.put('/entity/')).toMatchObject({ status: 400, json: { error: 'no entity path given: use PUT /entity/<path>, e.g. /entity/Sun/NewMoon' } });
    for (const path of ['Sun//X', 'Sun/12']) {
      expect(s.put(`/entity/${path}`)).toMatchObject({ status: 400, json: { error: `entity path '${path}' has an empty or numeric level: levels are names separated by '/'` } });
    }
    // An invalid level (a leading space, a '.', an encoded '/') is refused before anything is made.
    const rule = "a name is non-empty, has no '.' or '/', does not start with a space and is not a number";
    const invalid: [string, string, string][] = [['New/%20x', 'New/ x', '" x"'], ['New/a.b', 'New/a.b', '"a.b"'], ['New/Earth%2FX', 'New/Earth/X', '"Earth/X"']];
    for (const [url, path, name] of invalid) {
      expect(s.put(`/entity/${url}`), url).toMatchObject({ status: 400, json: { error: `cannot create '${path}': invalid name ${name}: ${rule}` } });
    }
    expect(s.world.lookup('New')).toBe(0);
    expect(s.put('/entity/flecs/core/X')).toMatchObject({ status: 403, json: { error: "cannot create entities under 'flecs.core': it is built in (under flecs) and can be read but not changed" } });
    expect(s.world.lookup('Sun.X')).toBe(0);
  });
  test('DELETE /entity: unknown, a component', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.call('DELETE', '/entity/Nowhere')).toMatchObject({ status: 404, json: { error: NOT_FOUND } });
    expect(s.call('DELETE', '/entity/Position')).toMatchObject({ status: 403,
      json: { error: "cannot delete 'Position': it is a component or module (it has (flecs.core.OnDelete, flecs.core.Panic)) that entities and systems depend on" } });
  });
});

describe('what this host does not run', () => {
  test('scripts, actions and functions are a 501 saying what to use instead', () => {
    const s = setup({ compat: 'flecs-4' });
    const instead = 'are not supported by this host: it has no script runtime. Change the world with PUT /component, PUT /toggle, PUT and DELETE /entity';
    expect(s.put('/script/x')).toMatchObject({ status: 501, json: { error: `Flecs Script and server actions (PUT /script, PUT /action) ${instead}` } });
    expect(s.put('/action/x')).toMatchObject({ status: 501, json: { error: `Flecs Script and server actions (PUT /script, PUT /action) ${instead}` } });
    expect(s.get('/call/x')).toMatchObject({ status: 501, json: { error: `functions (GET /call) ${instead}` } });
  });
});

describe('paths as Flecs 4 clients send them', () => {
  test('a refusal quotes the path as sent and names built-ins in flecs names', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(s.get('/type_info/flecs/core/Nope')).toMatchObject({ status: 404,
      json: { error: "entity 'flecs/core/Nope' not found: levels are separated by '/', names are case sensitive, and a level of digits is an entity id" } });
    expect(s.get('/component/?component=Position')).toMatchObject({ status: 404,
      json: { error: "no entity path given: use /component/<path>?component=…, e.g. /component/flecs/core/World?component=… (levels separated by '/')" } });
    expect(s.put('/toggle/flecs/core/World?enable=false')).toMatchObject({ status: 403,
      json: { error: "cannot disable 'flecs.core.World': it is built in (under flecs) and can be read but not changed" } });
    expect(s.call('DELETE', '/entity/flecs/core/World')).toMatchObject({ status: 403,
      json: { error: "cannot delete 'flecs.core.World': it is built in (under flecs) and can be read but not changed" } });
  });
});
