// The load mix, driven by hand the way autocannon drives it (setupRequest, then onResponse):
// connections write only their own entities with values no other write uses, and a read that
// misses an acknowledged write is caught.
import type { AutocannonRequest } from 'autocannon';
import { describe, expect, it } from 'vitest';
import { LoadMix, stateOfEntityReply, WriteLedger } from '../../../../bench/load/index';

const ENTITIES = Array.from({ length: 40 }, (_, i) => 1000 + i);

function setup(ledger = new WriteLedger()) {
  for (const e of ENTITIES) ledger.track(e, { scale: 0.1, disabled: false });
  return { ledger, mix: new LoadMix({ entities: ENTITIES, perConnection: 10, queryTotal: 500, ledger }) };
}

/** Builds the next request of a sequence like autocannon does. */
function build(r: AutocannonRequest): { method: string; path: string } {
  const out = r.setupRequest!({ method: 'GET', path: '/' }, {})!;
  return { method: out.method!, path: out.path! };
}

const reply = (scale: number, disabled: boolean) => JSON.stringify({
  path: 'x', ids: [['Position'], ['Scale'], ...(disabled ? [['ecs.core.Disabled']] : []), ['Asteroid']],
  values: [{ x: 1, y: 2, z: 3 }, { value: scale }, ...(disabled ? [0] : []), 0],
});

describe('LoadMix', () => {
  it('gives each connection its own entities and never reuses a written value', () => {
    const { mix } = setup();
    const seen = new Map<number, number>();
    const values = new Set<string>();
    for (let c = 0; c < 4; c++) {
      const seq = mix.sequenceFor(c);
      for (let loop = 0; loop < 12; loop++) {
        for (const r of seq) {
          const { method, path } = build(r);
          const m = /^\/(set|enable|disable)\/(\d+)/.exec(path);
          if (method === 'PUT') {
            expect(m, path).not.toBeNull();
            const e = Number(m![2]);
            expect(seen.get(e) ?? c).toBe(c);
            seen.set(e, c);
            if (m![1] === 'set') values.add(decodeURIComponent(path));
          }
          r.onResponse!(200, reply(0, false), {}, {});
        }
      }
    }
    expect(seen.size).toBe(40);
    expect(values.size).toBe(4 * 12);
  });

  it('counts answers by kind and flips enable/disable on each visit of an entity', () => {
    const { mix } = setup();
    const seq = mix.sequenceFor(0);
    const puts: string[] = [];
    for (let loop = 0; loop < 20; loop++) {
      for (const r of seq) {
        const { method, path } = build(r);
        if (method === 'PUT' && !path.startsWith('/set/')) puts.push(path);
        r.onResponse!(path.includes('Mars') ? 404 : 200, reply(0, false), {}, {});
      }
    }
    expect(puts.slice(0, 2)).toEqual(['/disable/1000', '/disable/1001']);
    expect(puts[10]).toBe('/enable/1000');
    expect(mix.kinds.entity.non2xx).toBe(20);
    expect(mix.kinds.set).toEqual({ sent: 20, statuses: { 200: 20 }, non2xx: 0 });
    expect(mix.totals()).toEqual({ sent: 140, non2xx: 20 });
  });

  it('catches a read that does not show the acknowledged /set', () => {
    const { mix, ledger } = setup();
    const [set, read] = mix.sequenceFor(1);
    build(set!);
    set!.onResponse!(200, '{}', {}, {});
    build(read!);
    read!.onResponse!(200, reply(0.1, false), {}, {});
    expect(ledger.staleReads).toEqual([expect.objectContaining({ entity: 1010, field: 'scale', seen: 0.1 })]);
  });

  it('treats a write whose answer never came as unanswered when the next request is built', () => {
    const { mix, ledger } = setup();
    const [set, read] = mix.sequenceFor(0);
    build(set!);
    build(read!); // the connection was reset: no onResponse for the set
    read!.onResponse!(200, reply(0.1, false), {}, {});
    expect(ledger.unanswered).toBe(1);
    expect(ledger.staleReads).toEqual([]);
  });

  it('refuses more connections than the entities allow, saying what to change', () => {
    const { mix } = setup();
    expect(() => mix.sequenceFor(4)).toThrow(/40 entities allow 4 connections of 10; use fewer connections or more asteroids/);
  });
});

describe('stateOfEntityReply', () => {
  it('reads the Scale value and the Disabled id of an entity reply', () => {
    expect(stateOfEntityReply(reply(12345, true))).toEqual({ scale: 12345, disabled: true });
    expect(stateOfEntityReply(reply(0.5, false))).toEqual({ scale: 0.5, disabled: false });
  });
});
