// Fuzzing driven by the endpoint tables: for every dialect, every row is requested with one of
// its own methods, its path parameters and parameters drawn from its own zod table (values the
// schema accepts, mostly, and some it refuses). A row added to a table is fuzzed without touching
// this file; every reply must pass the oracle of fuzz-helpers (routeChecked), a parameter the
// schema accepts must never be the cause of a 400, and one it refuses must be.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ParamSpec } from '../../../../src/shared/protocol';
import { fixedSegments } from '../../../../src/shared/protocol';
import { COMPAT_MODES, dialectOf, type CompatMode, type EndpointRow } from '../../../../src/shared/rest';
import { FUZZ_SEED, fuzzWorld, routeChecked } from './fuzz-helpers';

/** Candidate texts for any parameter; each parameter takes those its schema accepts (and sometimes any other). */
const CANDIDATES = ['true', 'false', '0', '1', '3', '20', '500', '501', '-1', '1.5', 'yes', '', 'Position', 'Position, Velocity', '(Eats, $food)',
  'Position, ?Mass', 'EatsQuery', 'Planets', 'food:Apples', 'ChildOf', '*', '1s', '1m', '1h', '1w', '2s',
  '{"ids":[["Position"]],"values":[{"x":1,"y":2}]}', '{"ids":[["Enemy"]]}', '{}', 'not json'];
/** Candidate path parameters by name (any other name: these and some odd ones). */
const PATH_VALUES: Readonly<Record<string, readonly string[]>> = {
  path: ['Sun', 'Sun/Earth', 'Sun/Earth/Moon', 'Ship1', 'SpaceShip', 'Position', '549', 'ecs/core/World', 'Nowhere'],
  category: ['world', 'pipeline', 'foo'],
  period: ['1s', '1m', '1w', '2s'],
};
const ODD_PATH = ['0', '1', 'Sun', '%2E%2E', 'x'];

const accepts = (spec: ParamSpec, text: string) => spec.schema.safeParse(text).success;

/** One parameter of a row: [name, text, whether its schema accepts the text]. */
function paramOf(row: EndpointRow): fc.Arbitrary<[string, string, boolean]> | undefined {
  const entries = Object.entries(row.params);
  if (entries.length === 0) return undefined;
  return fc.constantFrom(...entries).chain(([name, spec]) => {
    const good = CANDIDATES.filter((c) => accepts(spec, c));
    const any = fc.constantFrom(...CANDIDATES);
    const text = good.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: any }) : any;
    return text.map((t): [string, string, boolean] => [name, t, accepts(spec, t)]);
  });
}

/** A request for one row: its method, and a target made of its path and its parameters. */
function requestOf(row: EndpointRow): fc.Arbitrary<{ method: string; url: string; params: [string, string, boolean][] }> {
  const fixed = `/${fixedSegments(row.path).join('/')}`;
  const pathParts = row.pathParams.map((p) => fc.constantFrom(...(PATH_VALUES[p.name] ?? ODD_PATH)));
  const param = paramOf(row);
  const params = param ? fc.uniqueArray(param, { maxLength: 4, selector: ([n]) => n }) : fc.constant([] as [string, string, boolean][]);
  return fc.tuple(fc.constantFrom(...row.methods), fc.tuple(...pathParts), params).map(([method, parts, ps]) => ({
    method,
    url: `${fixed}${parts.length ? `/${parts.join('/')}` : ''}${ps.map(([n, v], i) => `${i ? '&' : '?'}${n}=${encodeURIComponent(v)}`).join('')}`,
    params: ps,
  }));
}

const DIALECTS: (CompatMode | undefined)[] = [undefined, ...COMPAT_MODES];

describe.each(DIALECTS.map((d) => [d ?? 'contract', d] as const))('router fuzzing: every row of the %s table', (_name, compat) => {
  const rows = dialectOf(compat).rows({ maxLimit: 500 });

  test('each row, with its own methods and parameters: the oracle holds, and a 400 blames a parameter its schema refuses (if one was sent)', () => {
    let w = fuzzWorld(500, compat);
    let dirty = false;
    const seen = new Set<EndpointRow>();
    fc.assert(fc.property(fc.constantFrom(...rows).chain((row) => requestOf(row).map((req) => ({ row, req }))), ({ row, req }) => {
      if (dirty) { w = fuzzWorld(500, compat); dirty = false; }
      seen.add(row);
      const r = routeChecked(w.world, w.router, req.method, req.url);
      if (w.router.writeMethods.includes(req.method) && r.status === 200) dirty = true;
      const refused = req.params.filter(([, , ok]) => !ok).map(([n]) => n);
      // Parameters are checked before the handler runs: one the schema refuses is always the 400's culprit.
      if (refused.length) {
        expect(r.status, req.url).toBe(400);
        expect(refused.some((n) => (r.json.error as string).includes(`'${n}'`)), `${req.url}: ${r.json.error}`).toBe(true);
      }
    }), { seed: FUZZ_SEED, numRuns: Number(process.env.FUZZ_RUNS ?? 300) });
    expect(seen.size, 'every row was requested').toBe(rows.length);
  }, 300_000);
});
