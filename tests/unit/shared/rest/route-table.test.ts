// compileTable and findPath on small hand-made tables: how rows group by their fixed segments,
// the facts derived from the table (methods, write methods, Allow, the 404's endpoint list, a row's
// usage), and which node and rest a request path reaches.
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { compileTable, findPath, resolveRoute, usageOf } from '../../../../src/shared/rest/route-table';
import { REMEMBERED } from '../../../../src/shared/rest/target';
import { endpoint, type EndpointRow } from '../../../../src/shared/rest/endpoint-row';
import type { EndpointMethod, ParamSpecs } from '../../../../src/shared/protocol';

const PATH = { name: 'path', description: 'an entity path', required: true };
const required = (description: string) => ({ schema: z.string(), description, expected: 'text' });
const optional = (description: string) => ({ schema: z.string().optional(), description, expected: 'text' });

function row(path: string, methods: EndpointMethod[], params: ParamSpecs = {}): EndpointRow {
  const pathParams = path.includes('{') ? [PATH] : [];
  return endpoint({ path, methods, summary: path, pathParams, params, reply: z.unknown(), errors: {}, cache: 'none', handler: () => ({ status: 200, body: '{}' }) } as never);
}

const ROWS = [
  row('/entity/{path}', ['GET']),
  row('/set/{path}', ['PUT'], { data: required('payload'), extra: optional('ignored') }),
  row('/component/{path}', ['PUT', 'DELETE'], { component: required('id'), value: optional('json') }),
  row('/commands/capture', ['GET']),
  row('/commands/frame/{path}', ['GET']),
  row('/world', ['GET']),
];

describe('compileTable', () => {
  const t = compileTable(ROWS);
  test('methods in table order; the write methods are all but GET', () => {
    expect(t.methods).toEqual(['GET', 'PUT', 'DELETE']);
    expect(t.writeMethods).toEqual(['PUT', 'DELETE']);
  });
  test('the 404\'s list: each row\'s methods and usage, required parameters shown', () => {
    expect(t.endpointList).toBe('GET /entity/<path>, PUT /set/<path>?data=…, PUT|DELETE /component/<path>?component=…, GET /commands/capture, GET /commands/frame/<path>, GET /world');
    expect(usageOf(row('/x/{a}/{b}', ['GET'], { p: required('p'), q: required('q') }))).toBe('/x/<a>/<b>?p=…&q=…');
  });
  test('a path answers its rows\' methods in table order (Allow); its label is its fixed segments', () => {
    expect(findPath(t, '/component/Sun')!.node.allow).toBe('PUT, DELETE');
    expect(findPath(t, '/commands/frame/3')!.node.label).toBe('/commands/frame');
  });
  test('two rows answering one method on one path are refused', () => {
    expect(() => compileTable([row('/world', ['GET']), row('/world', ['PUT', 'GET'])])).toThrow('endpoint table: two rows answer GET /world');
  });
  test('a row\'s compiled facts: path parameters, caching', () => {
    expect(findPath(t, '/entity/Sun')!.node.byMethod.get('GET')!.hasPath).toBe(true);
    expect(findPath(t, '/world')!.node.byMethod.get('GET')!.hasPath).toBe(false);
    expect(findPath(t, '/world')!.node.byMethod.get('GET')!.cached).toBe(false);
  });
});

/** "label | rest" of the node `path` reaches in `table`, or undefined. */
function reached(table: ReturnType<typeof compileTable>, path: string): string | undefined {
  const f = findPath(table, path);
  return f && `${f.node.label} | ${f.rest}`;
}

describe('findPath', () => {
  const t = compileTable(ROWS);
  const at = (path: string) => reached(t, path);
  test('the node of the fixed segments and the raw rest after them', () => {
    expect(at('/entity/Sun/Earth')).toBe('/entity | Sun/Earth');
    expect(at('/entity')).toBe('/entity | ');
    expect(at('/entity/')).toBe('/entity | ');
    expect(at('/world')).toBe('/world | ');
    expect(at('/world/x')).toBe('/world | x');
  });
  test('longer fixed paths: the deepest node that matches', () => {
    expect(at('/commands/frame/12')).toBe('/commands/frame | 12');
    expect(at('/commands/frame')).toBe('/commands/frame | ');
    expect(at('/commands/capture')).toBe('/commands/capture | ');
    // /commands alone answers nothing; an unknown next segment stays at /commands.
    expect(at('/commands')).toBeUndefined();
    expect(at('/commands/other')).toBeUndefined();
    expect(at('/nope')).toBeUndefined();
  });
  test('a path with rows of its own and a longer one: a rest that is not the longer one stays with the shorter', () => {
    const mixed = compileTable([row('/a/{path}', ['GET']), row('/a/b', ['GET'])]);
    expect(reached(mixed, '/a/x/y')).toBe('/a | x/y');
    expect(reached(mixed, '/a/b')).toBe('/a/b | ');
  });
});

describe('resolveRoute: remembered GET routes', () => {
  test('a read is remembered by its text, and a write (new data every time) neither enters the memo nor empties it', () => {
    const t = compileTable(ROWS);
    const read = resolveRoute(t, 'GET', '/entity/Sun?x=1');
    expect(resolveRoute(t, 'GET', '/entity/Sun?x=1')).toBe(read);
    // More writes than the memo holds texts: remembered, they would have emptied it.
    for (let i = 0; i < REMEMBERED + 10; i++) {
      const w = resolveRoute(t, 'PUT', `/set/Sun?data=${i}`);
      expect('compiled' in w && w.params).toEqual({ data: String(i) });
    }
    expect(t.recent.size).toBe(1);
    expect(resolveRoute(t, 'GET', '/entity/Sun?x=1')).toBe(read);
  });

  test('a target remembered for GET is routed afresh for another method', () => {
    const t = compileTable(ROWS);
    expect('compiled' in resolveRoute(t, 'GET', '/entity/Sun')).toBe(true);
    const put = resolveRoute(t, 'PUT', '/entity/Sun');
    expect('reply' in put && put.reply.status).toBe(405);
    const set = resolveRoute(t, 'PUT', '/set/Sun?data=1');
    expect(resolveRoute(t, 'GET', '/set/Sun?data=1')).not.toBe(set);
    expect('reply' in resolveRoute(t, 'GET', '/set/Sun?data=1')).toBe(true);
  });
});
