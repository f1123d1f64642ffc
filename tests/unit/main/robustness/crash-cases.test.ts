// The requests that crashed the reference server (tests/reference/flecs-3.2/INDEX.md, captures
// 316-326 and 334-335), each through our router on a fresh world: the sane answer, nothing
// changed by a failure, and the simulation still stepping afterwards. The conformance suite
// (tests/conformance, deviations 324-326 and 334-335) compares their statuses with the
// captures; these tests pin the whole answer a client relies on.
import { describe, expect, test } from 'vitest';
import { createRouter } from '../../../../src/shared/rest';
import { buildReferenceWorld } from '../../../fixtures/reference-world';
import { routeChecked, worldFingerprint } from '../../shared/rest/fuzz-helpers';

function fresh(monitor = true) {
  const ref = buildReferenceWorld({ monitor });
  ref.app.step(1 / 60);
  const router = createRouter(ref.world);
  const call = (method: string, url: string) => routeChecked(ref.world, router, method, url);
  /** The world still runs frames and answers reads after the request. */
  const stillRuns = () => {
    for (let i = 0; i < 3; i++) ref.app.step(1 / 60);
    expect(call('GET', '/entity/Sun/Earth?values=true').status).toBe(200);
    expect(call('GET', '/query?q=Position%2C%20Velocity&limit=5').status).toBe(200);
  };
  return { ...ref, router, call, stillRuns };
}

describe('crash cases of the reference server', () => {
  test('324: PUT /set with a tag id adds the tag (200 {}); a value for a tag is a 400 that changes nothing', () => {
    const w = fresh();
    const r = w.call('PUT', '/set/Sun/Mars?data=%7B%22ids%22%3A%5B%5B%22Enemy%22%5D%5D%7D');
    expect(r).toEqual({ status: 200, json: {} });
    expect(w.world.has(w.ids['Sun.Mars']!, w.ids.Enemy!)).toBe(true);
    const before = worldFingerprint(w.world);
    const bad = w.call('PUT', `/set/Sun/Earth?data=${encodeURIComponent('{"ids":[["Moon"]],"values":[{"x":1}]}')}`);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('ids[0]: Moon is a tag without data: give no value for it (it is added as is)');
    expect(worldFingerprint(w.world)).toBe(before);
    w.stillRuns();
  });

  test('325: PUT /set without data is a 400 that says what to send; nothing changes', () => {
    const w = fresh();
    for (const url of ['/set/Sun/Earth', '/set/Sun/Earth?data', '/set/Sun/Earth?data=', '/set/Sun/Earth&foo=bar']) {
      const r = w.call('PUT', url);
      expect(r.status, url).toBe(400);
      expect(r.json.error, url).toMatch(/'data'/);
      expect(r.json.error, url).toMatch(/\/set\/<path>\?data=|data=\{"ids"/);
    }
    w.stillRuns();
  });

  test('326: disabling (or deleting, or setting on) the monitor module is refused with 403; statistics keep coming', () => {
    const w = fresh();
    for (const [method, url] of [['PUT', '/disable/ecs/monitor'], ['PUT', '/delete/ecs/monitor'], ['PUT', '/disable/ecs'],
      ['PUT', `/set/ecs/monitor?data=${encodeURIComponent('{"ids":[["ecs.core.Disabled"]]}')}`]]) {
      const r = w.call(method!, url!);
      expect(r.status, url).toBe(403);
      expect(r.json.error, url).toMatch(/built in \(under ecs\) and can be read but not changed/);
    }
    w.stillRuns();
    const stats = w.call('GET', '/stats/world/1s');
    expect(stats.status).toBe(200);
    expect(stats.json['entities.count'].avg).toHaveLength(60);
  });

  test('326 without the monitor: the module does not exist, so disabling it is a 404', () => {
    const w = fresh(false);
    const r = w.call('PUT', '/disable/ecs/monitor');
    expect(r.status).toBe(404);
    expect(r.json.error).toContain("entity 'ecs/monitor' not found");
    w.stillRuns();
  });

  test('334/335: /stats without the monitor module is a 404 that says how to enable it, in every URL form', () => {
    const w = fresh(false);
    for (const url of ['/stats/world', '/stats/pipeline', '/stats/world/1s', '/stats/pipeline?period=1m', '/stats/world/']) {
      const r = w.call('GET', url);
      expect(r.status, url).toBe(404);
      expect(r.json.error, url).toMatch(/monitor module, which is not enabled: run the app with enable_monitor .*--no-monitor/);
    }
    // An unknown category is still a 400 listing the accepted ones, monitor or not.
    expect(w.call('GET', '/stats/foo').status).toBe(400);
    w.stillRuns();
  });

  test('316-323: bad vars sent twice get the same answer, and leave no error behind for the next request', () => {
    const w = fresh();
    const cases: [string, RegExp][] = [
      ['/query?name=SpaceShips&vars=x:Sun', /the query has no variable 'x'; it has no variables/],
      ['/query?name=EatsQuery&vars=%24food%3AApples', /no variable '\$food' \(write the name without '\$'\)/],
      ['/query?name=EatsQuery&vars=food:NoSuch', /'food:NoSuch' names no entity/],
      ['/query?name=EatsQuery&vars=nosuch:Apples', /no variable 'nosuch'; its variables are 'food'/],
      ['/query?name=EatsQuery&vars=food', /'food' has no ':'/],
    ];
    for (const [url, message] of cases) {
      const first = w.call('GET', url);
      expect(first.status, url).toBe(400);
      expect(first.json.error, url).toMatch(message);
      expect(w.call('GET', url), url).toEqual(first);
      // The reference answered the next malformed request with this request's (stale) error text.
      const next = w.call('GET', '/query?q=(Bar');
      expect(next.status).toBe(400);
      expect(next.json.error).toMatch(/^.*\n\(Bar\n/);
      expect(next.json.error).not.toMatch(message);
      expect(w.call('PUT', `/set/Sun/Earth?data=${encodeURIComponent('{"ids":[["Eats","Pears"]]}')}`).status).toBe(200);
    }
    expect(w.call('GET', '/query?name=EatsQuery&vars=food:Apples').status).toBe(200);
    w.stillRuns();
  });
});
