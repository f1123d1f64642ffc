// Property test: over random worlds (tags, a component, a traversable relationship, hierarchies,
// IsA bases, disabled entities and prefabs) and random queries, explainMatch agrees with the
// query's own results both ways, and its steps are consistent with its verdict.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { EcsError, World, type Entity } from '../../../../src/shared/ecs';
import { QueryParseError, compileQuery, explainMatch, type Query } from '../../../../src/shared/query';

interface EntitySpec { tags: string[]; position: boolean; parent: number; base: number; likes: number[]; disabled: boolean; prefab: boolean }

const MAX_ENTITIES = 8;
const TAGS = ['A', 'B', 'C'];

const entitySpec = fc.record({
  tags: fc.subarray(TAGS),
  position: fc.boolean(),
  parent: fc.integer({ min: -1, max: MAX_ENTITIES - 1 }),
  base: fc.integer({ min: -1, max: MAX_ENTITIES - 1 }),
  likes: fc.uniqueArray(fc.nat(MAX_ENTITIES - 1), { maxLength: 2 }),
  disabled: fc.boolean(),
  prefab: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

function buildWorld(specs: EntitySpec[]): { world: World; entities: Entity[] } {
  const w = new World();
  for (const t of TAGS) w.tag(t);
  w.component('P', { x: 'f32' });
  const likes = w.tag('Likes');
  w.add(likes, w.core.Traversable);
  const entities: Entity[] = [];
  specs.forEach((s, i) => {
    // Parents and bases are earlier entities only, so there are no cycles.
    const parent = s.parent >= 0 && s.parent < i ? entities[s.parent] : undefined;
    const e = w.entity({ name: `e${i}`, parent });
    // The store refuses a base that is an ancestor (its children would be copied under themselves).
    if (s.base >= 0 && s.base < i) { try { w.add(e, w.pair(w.core.IsA, entities[s.base]!)); } catch (err) { if (!(err instanceof EcsError)) throw err; } }
    for (const t of s.tags) w.add(e, w.lookup(t));
    if (s.position) w.set(e, w.lookup('P'), { x: i });
    entities.push(e);
  });
  specs.forEach((s, i) => {
    const e = entities[i]!;
    for (const l of s.likes) if (l < entities.length) w.add(e, w.pair(likes, entities[l]!));
    if (s.prefab) w.add(e, w.core.Prefab);
    if (s.disabled) w.disable(e);
  });
  return { world: w, entities };
}

const entityRef = fc.nat(MAX_ENTITIES - 1).map((k) => `e${k}`);
const source = fc.oneof(
  fc.constant(''), fc.constant('($x)'), fc.constant('($p)'), fc.constant('(up(ChildOf))'), fc.constant('(self|up(ChildOf))'),
  fc.constant('(up(Likes))'), fc.constant('(self)'), fc.constant('(up)'), entityRef.map((e) => `(${e})`),
);
const target = fc.oneof(fc.constant('*'), fc.constant('_'), fc.constant('$x'), fc.constant('$p'), fc.constant('0'), entityRef);
const thisAsTarget = fc.constantFrom('ChildOf($x, $this)', 'Likes($x, $this)');
const plainTerm = fc.oneof(
  fc.tuple(fc.constantFrom(...TAGS, 'P'), source).map(([c, s]) => c + s),
  target.map((t) => `(Likes, ${t})`),
  fc.constantFrom('$p', '*', '0').map((t) => `(ChildOf, ${t})`),
  entityRef.map((e) => `(IsA, ${e})`),
  fc.constantFrom('ecs.core.Disabled', 'ecs.core.Prefab'),
);
const term = fc.tuple(fc.constantFrom('', '', '', '!', '?'), fc.oneof({ weight: 6, arbitrary: plainTerm }, { weight: 1, arbitrary: thisAsTarget })).map(([o, t]) => o + t);
const comparison = fc.oneof(
  fc.tuple(fc.constantFrom('$this', '$x'), fc.constantFrom('==', '!='), entityRef).map(([l, op, e]) => `${l} ${op} ${e}`),
  fc.constantFrom('1', '2', '!3').map((s) => `$this ~= "${s}"`),
);
// Or-chain operands: terms (also with $this as target) and comparisons, in any order.
const operand = fc.oneof({ weight: 3, arbitrary: plainTerm }, thisAsTarget, comparison);
const item = fc.oneof(
  { weight: 6, arbitrary: term },
  { weight: 2, arbitrary: fc.array(operand, { minLength: 2, maxLength: 3 }).map((alts) => alts.join(' || ')) },
  { weight: 2, arbitrary: comparison },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('', '!'), fc.oneof(term, comparison), term).map(([o, a, b]) => `${o}{ ${a}, ${b} }`) },
);
const queryText = fc.array(item, { minLength: 1, maxLength: 4 }).map((items) => items.join(', '));

/** Compiles, or undefined when the random text names something the random world lacks. */
function tryCompile(world: World, text: string): Query | undefined {
  try { return compileQuery(world, text); } catch (e) { if (e instanceof QueryParseError) return undefined; throw e; }
}

describe('explainMatch agrees with the query', () => {
  test('matches exactly the entities the query returns, and its steps agree with its verdict', () => {
    let compiled = 0, matched = 0, unmatched = 0;
    fc.assert(fc.property(
      fc.array(entitySpec, { minLength: 1, maxLength: MAX_ENTITIES }), queryText, fc.option(fc.nat(MAX_ENTITIES - 1), { nil: undefined }),
      (specs, text, xValue) => {
        // Names are unique but nested under parents: refer to entities by path.
        const { world, entities } = buildWorld(specs);
        const resolved = text.replace(/\be(\d)\b/g, (m, d: string) => (Number(d) < entities.length ? world.pathOf(entities[Number(d)]!) : m));
        const q = tryCompile(world, resolved);
        if (!q) return;
        compiled++;
        const vars: Record<string, Entity> = xValue !== undefined && xValue < entities.length && q.variableNames.includes('x') ? { x: entities[xValue]! } : {};
        const results = new Set(q.entities(vars));
        // The entities made, the ones IsA copied from bases' children, and whatever the query returned.
        for (const e of new Set([...entities, ...entities.flatMap((p) => world.childrenOf(p)), ...results])) {
          const x = explainMatch(q, e, vars);
          expect(x.matches, `${resolved} @ ${world.pathOf(e)}`).toBe(results.has(e));
          if (x.matches) {
            matched++;
            expect(x.blockers).toEqual([]);
            for (const s of x.steps) expect(s.holds && !s.alone, `${resolved} @ ${world.pathOf(e)}: ${s.text}`).toBe(true);
          } else {
            unmatched++;
            const failing = x.steps.filter((s) => !s.holds && !s.alone);
            // Either the entity is blocked as a whole, or exactly one step is the first that failed, with a reason.
            if (x.blockers.length === 0) {
              expect(failing, `${resolved} @ ${world.pathOf(e)}`).toHaveLength(1);
              expect(failing[0]!.why?.message.length).toBeGreaterThan(0);
            }
            expect(failing.length).toBeLessThanOrEqual(1);
          }
        }
      },
    ), { numRuns: 250 });
    // The generators must reach both verdicts often, or the property says little.
    expect(compiled).toBeGreaterThan(100);
    expect(matched).toBeGreaterThan(100);
    expect(unmatched).toBeGreaterThan(100);
  });
});
