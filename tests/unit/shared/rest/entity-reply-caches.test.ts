// The entity reply's fast paths — request paths resolved once and remembered, the `ids` text made
// once per table — answer what resolving and building afresh answers, after any sequence of
// renames, moves, deletes, recycled ids and traits. Paths asked include ones that were right
// before a change and are stale after it.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { World, type Entity } from '../../../../src/shared/ecs';
import { createRouter } from '../../../../src/shared/rest';
import { FUZZ_SEED } from './fuzz-helpers';

type OpKind = 'rename' | 'unname' | 'reparent' | 'unparent' | 'delete' | 'spawn' | 'spawnAnonymous' | 'position' | 'unposition' | 'tag'
  | 'private' | 'renameComponent' | 'instance' | 'eat';
interface Op { kind: OpKind; a: number; b: number }

const op: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom<OpKind>('rename', 'unname', 'reparent', 'unparent', 'delete', 'spawn', 'spawnAnonymous', 'position', 'unposition', 'tag',
    'private', 'renameComponent', 'instance', 'eat'),
  a: fc.nat(9), b: fc.nat(9),
});

function setup() {
  const w = new World();
  const Position = w.component('Position', { x: 'f32' });
  const Tag = w.tag('Tag'), Eats = w.tag('Eats');
  const ship = w.prefab('Ship');
  w.set(ship, Position, { x: 3 });
  const ents: Entity[] = [];
  for (let i = 0; i < 10; i++) ents.push(w.entity(`E${i}`));
  for (let i = 5; i < 10; i++) w.add(ents[i]!, w.pair(w.core.ChildOf, ents[i - 5]!));
  return { w, Position, Tag, Eats, ship, ents };
}

/** The entity reply built from the world's plain API: path and the ids that are not private. */
function expectedReply(w: World, e: Entity): unknown {
  const priv = (id: Entity) => { const first = w.pairFirst(id) || id; return w.owns(first, w.core.Private); };
  const ids = w.typeOf(e).filter((id) => !priv(id)).map((id) => w.idPath(id));
  return { path: w.pathOf(e), ids };
}

describe('entity reply fast paths', () => {
  test('an anonymous entity asked for by its id is a 404 once deleted (deleting it changes no name)', () => {
    const w = new World();
    const router = createRouter(w, { replyCache: false });
    const e = w.entity();
    expect(router.route('GET', `/entity/${e}`).status).toBe(200);
    w.delete(e);
    expect(router.route('GET', `/entity/${e}`).status).toBe(404);
    const recycled = w.entity();                         // the same index, a new generation
    expect(router.route('GET', `/entity/${recycled}`).status).toBe(200);
  });

  test('replies equal those built afresh, for current and stale paths, after any sequence of changes', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
      const { w, Position, Tag, Eats, ship, ents } = setup();
      const router = createRouter(w, { replyCache: false });
      const asked = new Set<string>();
      let n = 0;
      const alive = (i: number) => (w.isAlive(ents[i]!) ? ents[i]! : 0);
      for (const o of ops) {
        const a = alive(o.a), b = alive(o.b);
        try {
          switch (o.kind) {
            case 'spawn': ents[o.a] = w.entity(`N${n++}`); break;
            case 'spawnAnonymous': ents[o.a] = w.entity(); break;
            case 'rename': if (a) w.setName(a, `R${n++}`); break;
            case 'unname': if (a) w.setName(a, undefined); break;
            case 'reparent': if (a && b && a !== b) w.add(a, w.pair(w.core.ChildOf, b)); break;
            case 'unparent': if (a) w.remove(a, w.pair(w.core.ChildOf, w.core.Wildcard)); break;
            case 'delete': if (a) w.delete(a); break;
            case 'position': if (a) w.set(a, Position, { x: o.b }); break;
            case 'unposition': if (a) w.remove(a, Position); break;
            case 'tag': if (a) w.add(a, Tag); break;
            case 'private': if (w.owns(Tag, w.core.Private)) w.remove(Tag, w.core.Private); else w.add(Tag, w.core.Private); break;
            case 'renameComponent': w.setName(Position, o.b % 2 ? 'Position' : 'Place'); break;
            case 'instance': if (a) w.add(a, w.pair(w.core.IsA, ship)); break;
            case 'eat': if (a && b) w.add(a, w.pair(Eats, b)); break;
          }
        } catch { /* a cycle or a name clash is refused; the world is unchanged */ }
        for (const e of ents) if (w.isAlive(e)) asked.add(w.pathOf(e, '/'));
        for (const path of asked) {
          const reply = router.route('GET', `/entity/${path}`);
          const e = w.lookup(path, '/');
          if (e === 0) { expect(reply.status, `${path} after ${o.kind}`).toBe(404); continue; }
          expect(reply.status, `${path} after ${o.kind}`).toBe(200);
          const { path: got, ids } = JSON.parse(reply.body) as { path: string; ids: string[][] };
          expect({ path: got, ids }, `${path} after ${o.kind}`).toEqual(expectedReply(w, e));
        }
      }
    }), { seed: FUZZ_SEED, numRuns: Number(process.env.FUZZ_RUNS ?? 100) });
  });

  test('the same entity asked with other switches between (path, ids, private, labels) answers each as a fresh router does', () => {
    const { w, Position, Tag, ents } = setup();
    w.add(Tag, w.core.Private);
    const e = ents[6]!;
    w.set(e, Position, { x: 2 });
    w.add(e, Tag);
    const router = createRouter(w, { replyCache: false });
    const targets = ['', '?path=false', '?ids=false', '?private=true', '?label=true', '?values=true', '?path=false&ids=false'].map((p) => `/entity/E1/E6${p}`);
    for (const round of [0, 1]) {
      for (const url of targets) {
        const fresh = createRouter(w, { replyCache: false }).route('GET', url);
        expect(fresh.status).toBe(200);
        expect(router.route('GET', url).body, `${url} (round ${round})`).toBe(fresh.body);
      }
    }
    const body = (url: string) => JSON.parse(router.route('GET', url).body) as Record<string, unknown>;
    expect(body('/entity/E1/E6?path=false&ids=false')).toEqual({});
    expect(body('/entity/E1/E6?private=true').ids).toContainEqual(['Tag']);
    expect(body('/entity/E1/E6').ids).not.toContainEqual(['Tag']);
  });
});
