// Decoded parameters are shared between requests with the same parameter text, and each
// endpoint remembers what it made of them: a request must still get its own copy of the values,
// and a bad value must still be refused every time.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { createRouter, parseTarget } from '../../../../src/shared/rest';

describe('parameters reused between requests', () => {
  test('the same parameter text gives one frozen object; another text another one', () => {
    const a = parseTarget('/entity/A?values=true'), b = parseTarget('/entity/B?values=true');
    expect(a.params).toBe(b.params);
    expect(Object.isFrozen(a.params)).toBe(true);
    expect(parseTarget('/entity/A?values=false').params).toEqual({ values: 'false' });
    expect(a.params).toEqual({ values: 'true' });
  });

  test('a text parsed not to be remembered is decoded on its own and not kept', () => {
    const once = parseTarget('/set/A?data=%7B%7D&n=912873', false);
    expect(once.params).toEqual({ data: '{}', n: '912873' });
    const kept = parseTarget('/set/B?data=%7B%7D&n=912873');
    expect(kept.params).not.toBe(once.params);
    expect(parseTarget('/set/C?data=%7B%7D&n=912873').params).toBe(kept.params);
    expect(parseTarget('/set/D?data=%7B%7D&n=912873', false).params).not.toBe(kept.params);
  });

  test('a reply made from remembered parameters is the reply made afresh', () => {
    const w = new World();
    const P = w.component('Position', { x: 'f32', y: 'f32' });
    for (let i = 0; i < 30; i++) w.set(w.entity(`E${i}`), P, { x: i / 3, y: 1 });
    const cached = createRouter(w, { replyCache: false });
    for (const url of ['/query?q=Position&values=true&limit=5&offset=3', '/entity/E4?values=true', '/query?q=Position&values=true&limit=5&offset=3']) {
      const fresh = createRouter(w, { replyCache: false }).route('GET', url);
      expect(cached.route('GET', url)).toEqual(fresh);
    }
  });

  test('a bad value is refused every time it is sent, with the same message', () => {
    const w = new World();
    const router = createRouter(w, { replyCache: false });
    const first = router.route('GET', '/query?q=Position&limit=lots');
    const second = router.route('GET', '/query?q=Position&limit=lots');
    expect(first.status).toBe(400);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(first.body).toContain("parameter 'limit'");
  });

  test('compat mode changes its copy of the limit, not the remembered one', () => {
    const w = new World();
    const P = w.component('Position', { x: 'f32' });
    for (let i = 0; i < 1500; i++) w.set(w.entity(), P, { x: i });
    const compat = createRouter(w, { replyCache: false, compat: 'flecs-3.2' });
    const contract = createRouter(w, { replyCache: false });
    const count = (body: string) => (JSON.parse(body) as { results: { entities?: unknown[] }[] }).results.reduce((n, r) => n + (r.entities?.length ?? 0), 0);
    const url = '/query?q=Position&limit=0';
    const before = contract.route('GET', url);
    expect(count(compat.route('GET', url).body)).toBe(1500);
    expect(count(compat.route('GET', url).body)).toBe(1500);
    expect(contract.route('GET', url)).toEqual(before);
  });
});
