// Every query string of the reference captures 091-198 and 361-380 (flecs.* renamed ecs.*):
// those the reference rejected for a syntax reason must fail to parse here too; those it
// rejected for an unresolved name or a semantic reason must parse (resolution is the planner's).
import { describe, expect, test } from 'vitest';
import { parseError } from './parse-error';
import { parseQuery } from '../../../../../src/shared/query/parser';
import { loadCaptures as loadAll } from '../../../../support/reference';

interface Capture { num: number; file: string; q: string; status: number | null; body: unknown }

function loadCaptures(): Capture[] {
  const out: Capture[] = [];
  for (const c of loadAll()) {
    const file = c.file;
    const num = Number(file.slice(0, 3));
    if (!((num >= 91 && num <= 198) || (num >= 361 && num <= 380))) continue;
    const query = c.url.includes('?') ? c.url.slice(c.url.indexOf('?') + 1) : '';
    const q = new URLSearchParams(query).get('q');
    if (q === null) continue;
    out.push({ num, file, q: q.replaceAll('flecs.', 'ecs.'), status: c.status, body: c.body });
  }
  return out;
}

/** Captures whose query is malformed: our reason and caret position. */
const SYNTAX_ERRORS: Record<number, { reason: string; position: number }> = {
  188: { reason: `unexpected end of query: missing ')'`, position: 4 },                   // (Foo
  192: { reason: `unexpected character ','`, position: 0 },                               // ,
  193: { reason: `'$' alone is only valid as a source, as in Position($)`, position: 0 }, // $
  196: { reason: `expected ',' between terms`, position: 9 },                             // Position Velocity (reference: 200)
  197: { reason: `unexpected character ','`, position: 0 },                               // , (reference reply had a stale text)
  198: { reason: `unexpected character ','`, position: 0 },                               // ,,
};
/** Reference 400s that are not syntax errors: unresolved names, non-traversable relationship. */
const SEMANTIC_ERRORS = new Set([164, 189, 194, 195]);
/** Reference 400s that we accept on purpose: Mass(parent:Sun.Earth.Moon) (both Src:trav orders). */
const ACCEPTED_DEVIATIONS = new Set([363]);


/** The caret column of a reference error body "reason\nexpr\n    ^". */
function referenceCaret(body: unknown): number | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string') return undefined;
  const last = error.split('\n').at(-1)!;
  return last.endsWith('^') ? last.length - 1 : undefined;
}

const captures = loadCaptures();

describe('reference capture queries', () => {
  test('all query captures of both ranges are present', () => {
    expect(captures.length).toBe(128);
  });

  test('every reference 400 is classified as syntax, semantic or accepted deviation', () => {
    const unclassified = captures
      .filter((c) => c.status === 400 && !(c.num in SYNTAX_ERRORS) && !SEMANTIC_ERRORS.has(c.num) && !ACCEPTED_DEVIATIONS.has(c.num))
      .map((c) => `${c.num} ${c.q}`);
    expect(unclassified).toEqual([]);
  });

  for (const c of captures) {
    const label = `${c.file}: ${JSON.stringify(c.q)}`;
    const syntax = SYNTAX_ERRORS[c.num];
    if (syntax) {
      test(`${label} fails to parse`, () => {
        const e = parseError(c.q);
        expect({ reason: e.reason, position: e.position }).toEqual(syntax);
        expect(e.expr).toBe(c.q);
      });
    } else {
      test(`${label} parses`, () => {
        const ast = parseQuery(c.q);
        expect(ast.text).toBe(c.q);
        if (c.q.trim() !== '') expect(ast.nodes.length).toBeGreaterThan(0);
      });
    }
  }

  test('carets agree with the reference where its error text is its own', () => {
    for (const num of [188, 192, 193, 198]) {
      const c = captures.find((x) => x.num === num)!;
      expect([num, parseError(c.q).position]).toEqual([num, referenceCaret(c.body)]);
    }
  });

  test('the stale reference error of 197 is the missing-comma error of 196, at the same caret', () => {
    const c196 = captures.find((x) => x.num === 196)!;
    const c197 = captures.find((x) => x.num === 197)!;
    expect(parseError(c196.q).position).toBe(referenceCaret(c197.body));
  });

  test('363 is accepted and means the same as the source-first order', () => {
    const q = captures.find((x) => x.num === 363)!.q;
    const strip = (s: string) => JSON.stringify(parseQuery(s).nodes, (k, v: unknown) => (k === 'pos' || k === 'end' ? undefined : v));
    expect(strip(q)).toBe(strip('Mass(Sun.Earth.Moon:up(ChildOf))'));
  });
});
