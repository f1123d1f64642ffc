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

describe('errors do not echo unbounded input', () => {
  const big = 'x'.repeat(20_000);
  const longName = 'Sun.' + 'Earth'.repeat(4000);
  /** Every request here is refused with a 4xx whose error repeats at most a short excerpt of what was sent. */
  const CASES: [string, string][] = [
    ['syntax error in the middle of 20 KB', q('Position, '.repeat(1000) + 'Position + ' + 'Planet, '.repeat(1200))],
    ['20 KB name that names nothing', q(`Position, ${longName}`)],
    ['20 KB variable name given a value that names nothing', q(`Position($${'v'.repeat(20_000)})`, `&vars=${'v'.repeat(20_000)}:Nowhere`)],
    ['20 KB vars value', q('Planet($p)', `&vars=p:${big}`)],
    ['20 KB vars name', q('Planet($p)', `&vars=${big}:Sun`)],
    ['20 KB vars without a colon', q('Planet($p)', `&vars=${big}`)],
    ['20 KB named query', `/query?name=${big}`],
    ['20 KB explain path without a query', `/explain/${'Sun/'.repeat(5000)}Earth`],
    ['20 KB try=true', q(`${big} +`, '&try=true')],
  ];

  test.each(CASES)('%s: refused, with at most a short excerpt', (_, url) => {
    const r = setup().get(url);
    if (url.includes('try=true')) expect(r.status).toBe(200);
    else expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(typeof r.json.error).toBe('string');
    // The longest reason plus two excerpts of MAX_ECHOED_CHARS (80); 20 KB would be far over.
    expect(r.json.error.length, r.json.error.slice(0, 300)).toBeLessThan(600);
  });
});

describe('huge vars=', () => {
  test('more values than the query has variables is a 400 naming both counts and the limit', () => {
    const r = setup().get(q('Planet($p)', `&vars=${Array(5000).fill('p:Sun.Earth').join(',')}`));
    expect(r.status).toBe(400);
    expect(r.json.error).toContain('gives 5000 values');
    expect(r.json.error).toContain('the query has 1 variable');
    expect(r.json.error).toContain(`at most ${MAX_QUERY_VARIABLES}`);
    expect(r.json.error.length).toBeLessThan(300);
  });

  test('a variable given twice is a 400; each variable once is served', () => {
    const { get } = setup();
    const twice = get(q('Planet($p), Planet($o)', '&vars=p:Sun.Earth,p:Sun.Mars'));
    expect(twice.status).toBe(400);
    expect(twice.json.error).toContain("gives 'p' twice");
    expect(get(q('Planet($p), Planet($o)', '&vars=p:Sun.Earth,o:Sun.Mars')).status).toBe(200);
  });

  test('variables named like Object members are variables like any other', () => {
    const { get } = setup();
    const r = get(q('Planet($constructor), Planet($__proto__)', '&vars=constructor:Sun.Earth,__proto__:Sun.Mars&count=true'));
    expect(r.status).toBe(200);
    expect(r.json.count).toBe(1);
  });
});
