// The router's own replies, whole: unknown endpoints (the path cut at 100 characters), methods a
// path does not answer (the methods it does, as a list), a rest after a path that takes none,
// request targets in absolute form, with a fragment or '+', bad percent-encoding, and its options.
import { describe, expect, test } from 'vitest';
import { MAX_ECHOED_CHARS } from '../../../../src/shared/protocol';
import { createRouter } from '../../../../src/shared/rest';
import { setup } from './helpers';

describe('unknown endpoints and methods', () => {
  test(`a path of ${MAX_ECHOED_CHARS} characters is shown whole, a longer one cut as every echo is`, () => {
    const s = setup();
    const at = (path: string) => (s.get(path).json.error as string).split("': the endpoints are ")[0];
    const most = MAX_ECHOED_CHARS - 1;
    expect(at(`/${'x'.repeat(most)}`)).toBe(`unknown endpoint 'GET /${'x'.repeat(most)}`);
    expect(at(`/${'x'.repeat(most + 1)}`)).toBe(`unknown endpoint 'GET /${'x'.repeat(most)}…`);
  });
  test('a rest of the path where the row takes none, and a target without a leading slash, are unknown', () => {
    const s = setup();
    expect(s.get('/world/x').json.error).toMatch(/^unknown endpoint 'GET \/world\/x': the endpoints are GET \/entity\/<path>, /);
    // With another method too: the path does not exist, so it is a 404, not a 405.
    expect(s.call('PUT', '/world/x').json.error).toMatch(/^unknown endpoint 'PUT \/world\/x'/);
    expect(s.call('PUT', '/world')).toMatchObject({ status: 405, json: { error: "method 'PUT' is not allowed on /world: use GET" } });
    expect(s.get('entity/Sun')).toMatchObject({ status: 404 });
    expect(s.get('entity/Sun').json.error).toMatch(/^unknown endpoint 'GET entity\/Sun'/);
  });
  test('405 lists the methods the path answers: one, two, or three', () => {
    const s = setup();
    expect(s.call('POST', '/set/Sun')).toEqual({ status: 405, headers: { Allow: 'PUT' }, json: { error: "method 'POST' is not allowed on /set: use PUT" } });
    expect(s.call('PATCH', '/entity/Sun')).toEqual({ status: 405, headers: { Allow: 'GET, PUT' }, json: { error: "method 'PATCH' is not allowed on /entity: use GET or PUT" } });
    const f = setup({ compat: 'flecs-4' });
    expect(f.call('PATCH', '/entity/Sun')).toMatchObject({ status: 405, json: { error: "method 'PATCH' is not allowed on /entity: use GET, PUT or DELETE" } });
  });
});

describe('request targets', () => {
  test('absolute form, an empty query, a fragment, and + as a space', () => {
    const s = setup();
    expect(s.get('http://localhost:27750/entity/Sun?values=true#frag').json).toEqual(s.get('/entity/Sun?values=true').json);
    expect(s.get('http://localhost:27750').json.error).toMatch(/^unknown endpoint 'GET \/'/);
    expect(s.get('/entity/Sun?').json).toEqual(s.get('/entity/Sun').json);
    expect(s.get('/entity/Sun#x?values=true').json).toEqual(s.get('/entity/Sun').json);
    expect(s.get('/query?q=Planet,+Position').json).toEqual(s.get('/query?q=Planet,%20Position').json);
  });
  test('a malformed percent-encoding in the path is a 400 that quotes it', () => {
    const s = setup();
    expect(s.get('/entity/Sun/%zz')).toMatchObject({ status: 400, json: { error: "malformed percent-encoding in the path 'Sun/%zz': write a '%' as %25" } });
  });
});

describe('router options', () => {
  test('maxLimit and maxQuerySteps are positive integers; 1 is the least', () => {
    const { world } = setup();
    expect(() => createRouter(world, { maxLimit: 0 })).toThrow('router option maxLimit must be a positive integer, got 0');
    expect(() => createRouter(world, { maxLimit: 1.5 })).toThrow('router option maxLimit must be a positive integer, got 1.5');
    expect(() => createRouter(world, { maxQuerySteps: 0 })).toThrow('router option maxQuerySteps must be a positive integer, got 0');
    expect(() => createRouter(world, { maxLimit: 1, maxQuerySteps: 1 })).not.toThrow();
  });
});
