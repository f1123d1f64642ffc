// The router as a whole: endpoints and methods (404, 405 + Allow), JSON errors everywhere,
// /openapi.json generated from the schemas, /world and /tables.
import { describe, expect, test } from 'vitest';
import { tablesReplySchema, worldReplySchema } from '../../../../src/shared/protocol';
import { createRouter } from '../../../../src/shared/rest';
import { setup } from './helpers';

const { get, call, router, world } = setup();

describe('router', () => {
  test('unknown endpoints are 404 "unknown endpoint …", marked notFound: endpoint (the transport counts them as not handled)', () => {
    for (const url of ['/foo', '/', '/scope', '/query/x?q=Position', '/tablesXYZ', '/entityX/Sun', 'entity/Sun', '/world/x']) {
      const r = get(url);
      expect(r.status, url).toBe(404);
      expect(r.json.error, url).toMatch(/^unknown endpoint /);
      expect(router.route('GET', url).notFound, url).toBe('endpoint');
    }
    for (const url of ['/entity/Nowhere', '/entity/', '/query?name=NoSuchQuery']) expect(router.route('GET', url).notFound, url).toBe('entity');
    expect(call('PUT', '/foo/Sun').json.error).toMatch(/^unknown endpoint 'PUT \/foo\/Sun'/);
  });

  test('a known endpoint with the wrong method is 405 with Allow', () => {
    const cases: [string, string, string][] = [
      ['POST', '/entity/Sun', 'GET, PUT'], ['DELETE', '/entity/Sun', 'GET, PUT'], ['PATCH', '/entity/Sun', 'GET, PUT'], ['GET', '/rename/Sun', 'PUT'], ['POST', '/component/Sun', 'PUT, DELETE'],
      ['GET', '/enable/Sun', 'PUT'], ['GET', '/set/Sun', 'PUT'], ['PUT', '/query?q=Position', 'GET'], ['get', '/entity/Sun', 'GET, PUT'],
    ];
    for (const [method, url, allow] of cases) {
      const r = call(method, url);
      expect(r.status, `${method} ${url}`).toBe(405);
      expect(r.headers).toEqual({ Allow: allow });
      for (const m of allow.split(', ')) expect(r.json.error).toContain(m);
    }
    expect(get('/enable/Sun').status).toBe(405);
    expect(get('/entity/Sun').status).toBe(200);
  });

  test('OPTIONS on a known endpoint lists the methods', () => {
    expect(router.route('OPTIONS', '/entity/Sun')).toEqual({ status: 204, headers: { Allow: 'GET, PUT, OPTIONS' }, body: '' });
  });

  test('the router is a RestHandler', () => {
    expect(router({ method: 'GET', url: '/entity/Sun', headers: {} })).toEqual(router.route('GET', '/entity/Sun'));
  });

  test('malformed percent-encoding is a 400 JSON error', () => {
    expect(get('/entity/%E0%A4%A').status).toBe(400);
    expect(get('/query?q=%ZZ').status).toBe(400);
  });

  test('/openapi.json describes every endpoint and parameter from the schemas', () => {
    const doc = get('/openapi.json').json;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(['/entity/{path}', '/watch/entity/{path}', '/query', '/watch/query', '/explain/{path}', '/enable/{path}', '/disable/{path}', '/delete/{path}', '/set/{path}',
      '/component/{path}', '/rename/{path}', '/breakpoint/{name}', '/breakpoints',
      '/stats/{category}/{period}', '/stats/{category}', '/world', '/tables', '/history', '/history/restore', '/history/export', '/history/import', '/history/view', '/children/{path}', '/openapi.json']);
    const query = doc.paths['/query'].get;
    const limit = query.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'string', pattern: '^\\d{1,15}$', default: '100' } });
    expect(query.parameters.find((p: { name: string }) => p.name === 'values').schema.enum).toEqual(['true', 'false']);
    expect(query.responses['400'].content['application/json'].schema.properties.error.type).toBe('string');
    expect(doc.paths['/set/{path}'].put.parameters.find((p: { name: string }) => p.name === 'data').required).toBe(true);
    expect(doc.info.title).toBe('refapp REST interface');
    // A server with a smaller largest limit documents it, and its default is capped to it.
    const small = JSON.parse(createRouter(world, { maxLimit: 5 }).route('GET', '/openapi.json').body);
    const smallLimit = small.paths['/query'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(smallLimit.schema.default).toBe('5');
    expect(smallLimit.description).toContain('at most 5');
  });

  test('/world lists user entities table by table, without built-ins', () => {
    const body = worldReplySchema.parse(get('/world').json);
    const names = body.results.flatMap((r) => r.entities.map((e) => (r.parent ? `${r.parent}.${e}` : e)));
    expect(names).toEqual(expect.arrayContaining(['Sun', 'Sun.Earth', 'Ship1.Engine', 549, 2047, 'Planets']));
    expect(names).not.toContain('World');
    const sun = body.results.find((r) => r.entities.includes('Sun'))!;
    expect(sun.values[sun.ids.findIndex((id) => id[0] === 'Mass')]).toEqual([{ value: 1000 }]);
  });

  test('/tables lists every table with its type and count', () => {
    const tables = tablesReplySchema.parse(get('/tables').json);
    expect(tables).toHaveLength(world.tables.size);
    expect(tables.find((t) => t.type.join() === 'Dust')?.count).toBe(1200);
  });
});
