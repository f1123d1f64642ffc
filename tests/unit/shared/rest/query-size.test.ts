// The size limits of a query through the router: too many terms, variables or nested scopes are a
// 400 naming the limit, with the position of the first term past it, before anything runs; they
// are listed in /openapi.json; nothing is ever a 500.
import { describe, expect, test } from 'vitest';
import { MAX_QUERY_NESTING, MAX_QUERY_TERMS, MAX_QUERY_VARIABLES } from '../../../../src/shared/protocol';
import { setup } from './helpers';

const q = (expr: string, extra = '') => `/query?q=${encodeURIComponent(expr)}${extra}`;
const repeat = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(', ');

describe('query size limits through the router', () => {
  test('1,500 repeated terms (15 KB; a 500 before) are a 400 naming the term limit; nothing changes', () => {
    const { get, world } = setup();
    const before = world.changeCount;
    const r = get(q(repeat(1500, () => 'Position'), '&count=true'));
    expect(r.status).toBe(400);
    expect(r.json.error).toContain(`at most ${MAX_QUERY_TERMS}`);
    expect(r.json.position).toBe(MAX_QUERY_TERMS * 'Position, '.length);
    expect(world.changeCount).toBe(before);
  });

  test('the 200-variable freeze query is a 400 naming the variable limit, at its first extra variable', () => {
    const { get } = setup();
    const freeze = repeat(200, (i) => `Position($v${i})`);
    const r = get(q(freeze, '&count=true'));
    expect(r.status).toBe(400);
    expect(r.json.error).toContain(`at most ${MAX_QUERY_VARIABLES}`);
    expect(freeze.slice(r.json.position).startsWith(`$v${MAX_QUERY_VARIABLES})`)).toBe(true);
  });

  test('scopes nested past the limit are a 400; /explain refuses alike', () => {
    const { get } = setup();
    const deep = 'Position, ' + '{'.repeat(MAX_QUERY_NESTING + 1) + 'Planet' + '}'.repeat(MAX_QUERY_NESTING + 1);
    expect(get(q(deep)).status).toBe(400);
    expect(get(q(deep)).json.error).toContain(`at most ${MAX_QUERY_NESTING} levels`);
    const ex = get(`/explain/Sun/Earth?q=${encodeURIComponent(repeat(1500, () => 'Position'))}`);
    expect(ex.status).toBe(400);
    expect(ex.json.error).toContain(`at most ${MAX_QUERY_TERMS}`);
  });

  test('/openapi.json lists the size limits with the 400 of /query and /explain', () => {
    const paths = setup().get('/openapi.json').json.paths;
    for (const path of ['/query', '/explain/{path}']) {
      const text = paths[path].get.responses['400'].description as string;
      expect(text).toContain(`more than ${MAX_QUERY_TERMS} terms, ${MAX_QUERY_VARIABLES} variables or ${MAX_QUERY_NESTING} levels`);
    }
  });
});
