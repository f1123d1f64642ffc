// The router's reply cache: a GET answered again while the world is unchanged gives the same
// reply, and after any change (API call, REST write, frame, in-place write + modified()) the new
// state. Checked by running random sequences of changes and reads against two routers on the
// same world, one with the cache and one without: their replies must always be equal.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ReplyCache } from '../../../../src/shared/rest/reply-cache';
import { createRouter } from '../../../../src/shared/rest';
import { buildReferenceWorld } from '../../../fixtures/reference-world';

const READS = [
  '/entity/Sun/Earth?values=true',
  '/entity/Comet?values=true&type_info=true',
  '/entity/Sun/Mars',
  '/query?q=Position%2CVelocity&values=true&limit=20',
  '/query?q=Planet%2CPosition&values=true',
  '/query?q=(ChildOf%2C%24p)%2C%20Position&values=true',
  '/query?name=EatsQuery',
  '/query?q=Dust&limit=3',
];

type Change =
  | { kind: 'frame' }
  | { kind: 'setApi'; x: number }
  | { kind: 'setRest'; x: number }
  | { kind: 'disable' } | { kind: 'enable' }
  | { kind: 'rename'; name: string }
  | { kind: 'newPlanet' }
  | { kind: 'deleteMoon' }
  | { kind: 'inPlace'; x: number };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.constant({ kind: 'frame' as const }),
  fc.integer({ min: -50, max: 50 }).map((x) => ({ kind: 'setApi' as const, x })),
  fc.integer({ min: -50, max: 50 }).map((x) => ({ kind: 'setRest' as const, x })),
  fc.constant({ kind: 'disable' as const }),
  fc.constant({ kind: 'enable' as const }),
  fc.constantFrom('Earth', 'Terra', 'Gaia').map((name) => ({ kind: 'rename' as const, name })),
  fc.constant({ kind: 'newPlanet' as const }),
  fc.constant({ kind: 'deleteMoon' as const }),
  fc.integer({ min: -50, max: 50 }).map((x) => ({ kind: 'inPlace' as const, x })),
);

const step = fc.oneof(
  { weight: 2, arbitrary: change.map((c) => ({ change: c })) },
  { weight: 3, arbitrary: fc.constantFrom(...READS).map((url) => ({ read: url })) },
);

function apply(ref: ReturnType<typeof buildReferenceWorld>, router: ReturnType<typeof createRouter>, c: Change): void {
  const w = ref.world, { ids } = ref;
  const earth = w.lookup('Sun.Earth') || w.lookup('Sun.Terra') || w.lookup('Sun.Gaia');
  switch (c.kind) {
    case 'frame': ref.app.step(1 / 60); break;
    case 'setApi': w.set(earth, ids.Position!, { x: c.x, y: 1 }); break;
    case 'setRest': router.route('PUT', `/set/Sun/Mars?data=${encodeURIComponent(JSON.stringify({ ids: [['Position']], values: [{ x: c.x, y: 2 }] }))}`); break;
    case 'disable': router.route('PUT', '/disable/Sun/Mars'); break;
    case 'enable': router.route('PUT', '/enable/Sun/Mars'); break;
    case 'rename': if (w.nameOf(earth) !== c.name) w.setName(earth, c.name); break;
    case 'newPlanet': { const p = w.entity(); w.add(p, ids.Planet!); w.set(p, ids.Position!, { x: 9, y: 9 }); break; }
    case 'deleteMoon': { const moon = w.lookup('Sun.Earth.Moon'); if (moon) w.delete(moon); break; }
    case 'inPlace': {
      // A value written in place outside a system, then announced as the store asks.
      const { table, row } = w.locate(ids.Comet!);
      (table.column(ids.Position!)!.views.x as Float32Array)[row] = c.x;
      w.modified();
      break;
    }
  }
}

describe('reply cache', () => {
  test('a cached router answers exactly like an uncached one under any mix of changes and reads', () => {
    fc.assert(fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
      const ref = buildReferenceWorld();
      const cached = createRouter(ref.world);
      const plain = createRouter(ref.world, { replyCache: false });
      for (const s of steps) {
        if ('change' in s) apply(ref, plain, s.change);
        else {
          // The same reply on the wire; only the cached router marks what it keeps as cacheable.
          const { cacheable: _kept, ...wire } = cached.route('GET', s.read);
          expect(wire).toEqual(plain.route('GET', s.read));
        }
      }
    }), { numRuns: 60, seed: 20261122 });
  });

  test('an unchanged world gets the very same reply object; a change makes a new one', () => {
    const ref = buildReferenceWorld();
    const router = createRouter(ref.world);
    const url = '/entity/Sun/Earth?values=true';
    const first = router.route('GET', url);
    expect(first.cacheable).toBe(true);
    expect(router.route('GET', url)).toBe(first);
    ref.world.set(ref.world.lookup('Sun.Earth'), ref.ids.Position!, { x: 7, y: 7 });
    const second = router.route('GET', url);
    expect(second).not.toBe(first);
    expect(JSON.parse(second.body).values[0]).toEqual({ x: 7, y: 7 });
  });

  test('errors, PUTs and timed queries are never served from the cache', () => {
    const ref = buildReferenceWorld();
    const router = createRouter(ref.world);
    const missing = router.route('GET', '/entity/Nowhere');
    expect(router.route('GET', '/entity/Nowhere')).not.toBe(missing);
    expect(missing.cacheable).toBeUndefined();
    const timed = router.route('GET', '/query?q=Planet&duration=true');
    expect(router.route('GET', '/query?q=Planet&duration=true')).not.toBe(timed);
    expect(timed.cacheable).toBeUndefined();
    const put = router.route('PUT', '/disable/Sun/Mars');
    expect(put.status).toBe(200);
    expect(put.cacheable).toBeUndefined();
    expect(JSON.parse(router.route('GET', '/entity/Sun/Mars').body).ids).toContainEqual(['ecs.core.Disabled']);
  });

  test('stays within its bounds', () => {
    const ref = buildReferenceWorld();
    const cache = new ReplyCache(ref.world, { maxEntries: 2, maxChars: 10, maxKeyChars: 8 });
    cache.put('/a', { status: 200, body: '1234' });
    cache.put('/b', { status: 200, body: '12345678901' }); // over maxChars alone
    cache.put('/c', { status: 200, body: '1234567' }); // over maxChars together with /a
    cache.put('/d-long-key', { status: 200, body: '1' }); // key over maxKeyChars
    cache.put('/e', { status: 200, body: '1' });
    cache.put('/f', { status: 200, body: '1' }); // over maxEntries
    expect([cache.get('/a'), cache.get('/b'), cache.get('/c'), cache.get('/d-long-key'), cache.get('/e'), cache.get('/f')].map((r) => r?.body))
      .toEqual(['1234', undefined, undefined, undefined, '1', undefined]);
    ref.world.modified();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
