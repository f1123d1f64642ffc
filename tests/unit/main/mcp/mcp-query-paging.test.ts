// The query tool's "N more: use offset M" hint at its exact boundary: a page that ends on the last
// result has no hint (nothing more to fetch), a page one short of it has one, naming the one left
// and the offset that fetches it. The number of results is read from REST, not from the tool.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { MAX_RESULT_CHARS } from '../../../../src/main/mcp';
import { call, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
let c: Client;
/** How many entities `Planet` matches, counted in the REST reply's entity lists. */
let n: number;

beforeAll(async () => {
  const base = await h.start();
  c = await h.connect(base);
  const reply = JSON.parse(h.host!.router.route('GET', '/query?q=Planet&limit=1000').body) as { results: { entities: string[] }[] };
  n = reply.results.reduce((sum, r) => sum + r.entities.length, 0);
  expect(n).toBeGreaterThan(3);
});
afterAll(() => h.close());

describe('query tool: the more-hint at the boundary', () => {
  test('limit equal to the number of results: all returned, no hint', async () => {
    const q = await call(c, 'query', { q: 'Planet', limit: n });
    expect(q.isError).toBe(false);
    expect({ total: q.json.total, returned: q.json.returned }).toEqual({ total: n, returned: n });
    expect(q.json).not.toHaveProperty('more');
  });

  test('limit one less: the hint names the one left and its offset', async () => {
    const q = await call(c, 'query', { q: 'Planet', limit: n - 1 });
    expect({ total: q.json.total, returned: q.json.returned, more: q.json.more }).toEqual({ total: n, returned: n - 1, more: `1 more: use offset ${n - 1}` });
  });

  test('paging: the last page ends without a hint, the page before it points at the last one', async () => {
    const last = await call(c, 'query', { q: 'Planet', offset: n - 3, limit: 3 });
    expect(last.json.returned).toBe(3);
    expect(last.json).not.toHaveProperty('more');
    const before = await call(c, 'query', { q: 'Planet', offset: n - 4, limit: 3 });
    expect(before.json.more).toBe(`1 more: use offset ${n - 1}`);
  });
});

describe('query tool: a page too long for one result', () => {
  test('cut by rows to the most that fit, in whole JSON: returned, total, the cut and more name the first row not returned', async () => {
    const big = new McpHarness();
    try {
      const bc = await big.connect(await big.start('--asteroids', '600'));
      // One row per entity ($x), with values: 600 rows are far more than 32,000 characters.
      const q = 'Position, $this == $x';
      const total = (JSON.parse(big.host!.router.route('GET', `/query?q=${encodeURIComponent(q)}&count=true&limit=1`).body) as { count: number }).count;
      for (const offset of [0, 10]) {
        const r = await call(bc, 'query', { q, values: true, limit: 1000, offset });
        expect(r.isError).toBe(false);
        expect(r.text.length).toBeLessThanOrEqual(MAX_RESULT_CHARS);
        const returned = r.json.results.length as number;
        expect(returned).toBeGreaterThan(0);
        expect(returned).toBeLessThan(total - offset);
        expect(r.json).toMatchObject({ total, returned, more: `${total - offset - returned} more: use offset ${offset + returned}`,
          cut: `only ${returned} rows fit in ${MAX_RESULT_CHARS} characters; ask for fewer (limit) or for less per row (values=false)` });
        // The rows are REST's first rows of that page.
        const rest = JSON.parse(big.host!.router.route('GET', `/query?q=${encodeURIComponent(q)}&values=true&limit=${returned}&offset=${offset}`).body) as { results: unknown[] };
        expect(r.json.results).toEqual(rest.results);
      }
    } finally {
      await big.close();
    }
  });

  test('one row longer than a result is refused naming its length and how to ask for less per row; without values it fits; so is an entity', async () => {
    // Earth's label alone is 40,000 characters: the page of that one row cannot be cut.
    h.host!.world.setDoc(h.host!.world.lookup('Sun.Earth'), 'name', 'x'.repeat(40_000));
    try {
      const q = '(ecs.doc.Description, ecs.core.Name), $this == Sun.Earth';
      const r = await call(c, 'query', { q, values: true });
      expect(r.isError).toBe(true);
      const chars = Number(/^the result is (\d+) characters, more than the 32000 a tool returns: one row alone does not fit: ask for less per row \(values=false, no sources\)$/.exec(r.text)?.[1]);
      // The length named is the answer's: REST's reply with "total":1,"returned":1, before it (23 characters).
      const restBody = h.host!.router.route('GET', `/query?q=${encodeURIComponent(q)}&values=true&count=true`).body;
      expect(chars).toBe(restBody.length + '"total":1,"returned":1,'.length);
      const lean = await call(c, 'query', { q, values: false });
      expect(lean.isError).toBe(false);
      expect({ total: lean.json.total, returned: lean.json.returned }).toEqual({ total: 1, returned: 1 });
      const entity = await call(c, 'get_entity', { path: 'Sun.Earth', label: true });
      expect(entity.isError).toBe(true);
      expect(entity.text).toMatch(/^the result is \d+ characters, more than the 32000 a tool returns: ask for less \(values=false, fewer fields, or one entity at a time\)$/);
      expect((await call(c, 'get_entity', { path: 'Sun.Earth' })).isError).toBe(false);
    } finally {
      h.host!.world.setDoc(h.host!.world.lookup('Sun.Earth'), 'name', undefined);
    }
  });

  test('a query whose results bind only variables: each result is a row', async () => {
    // Planet($x) with no $this term: results carry variables, no entities.
    const r = await call(c, 'query', { q: 'Position(Sun), Planet($x)', limit: 3 });
    expect(r.isError).toBe(false);
    expect(r.json.results.every((x: object) => !('entities' in x))).toBe(true);
    expect({ total: r.json.total, returned: r.json.returned, more: r.json.more }).toEqual({ total: n, returned: 3, more: `${n - 3} more: use offset 3` });
  });

  test('a query matching nothing: no rows, no hint, not an error', async () => {
    const r = await call(c, 'query', { q: 'Planet, $this == Sun' });
    expect(r.isError).toBe(false);
    expect(r.json).toMatchObject({ total: 0, returned: 0 });
    expect(r.json).not.toHaveProperty('more');
    expect(r.json).not.toHaveProperty('cut');
  });
});
