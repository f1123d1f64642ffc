// The tool schemas taken from the REST parameter tables, read directly: each argument's JSON type
// is what its REST schema makes of text (boolean, integer of 0 or more, string), its description is
// REST's with the expected values (the query text's own, plain text, for q, name and vars); the
// input object refuses unknown arguments; the arguments go back to REST as a query string (only
// those of the table, undefined left out, each encoded) and a dotted path as REST's URL path.
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { queryString, strictInput, toolShape, urlPath } from '../../../../src/main/mcp/tool-schemas';
import { ENTITY_PARAMS, queryParams } from '../../../../src/shared/protocol';

const QUERY = queryParams();

describe('toolShape', () => {
  test('each argument is the JSON type its REST schema takes from text, optional, with REST\'s description and expected values', () => {
    const shape = toolShape(QUERY, ['values', 'limit', 'offset', 'q', 'name', 'vars']);
    const json = z.toJSONSchema(z.object(shape)) as { properties: Record<string, { type: string; minimum?: number; description: string }>; required?: string[] };
    expect(json.required ?? []).toEqual([]);
    expect(json.properties.values).toMatchObject({ type: 'boolean', description: `${QUERY.values.description} (${QUERY.values.expected})` });
    expect(json.properties.limit).toMatchObject({ type: 'integer', minimum: 0, description: `${QUERY.limit.description} (${QUERY.limit.expected})` });
    expect(json.properties.offset!.type).toBe('integer');
    // The query text parameters: what an agent types, never URL wording.
    expect(json.properties.q!.description).toMatch(/^the query as plain text, e\.g\. "Planet"/);
    expect(json.properties.name!.description).toBe('the path of a named query, rule or system, e.g. "Planets" (instead of q)');
    expect(json.properties.vars!.description).toBe('values of the query\'s variables as name:entity, several separated by commas, e.g. "planet:Sun.Earth"');
    expect(json.properties.q!.type).toBe('string');
    // Values of the wrong type and negative integers are refused; absent ones are fine.
    const o = z.object(shape);
    expect(o.safeParse({}).success).toBe(true);
    expect(o.safeParse({ limit: -1 }).success).toBe(false);
    expect(o.safeParse({ limit: 1.5 }).success).toBe(false);
    expect(o.safeParse({ values: 'true' }).success).toBe(false);
    expect(o.safeParse({ q: 1 }).success).toBe(false);
    expect(o.safeParse({ limit: 0, values: false, q: 'Planet' }).success).toBe(true);
  });

  test('strictInput refuses an argument it does not name', () => {
    const input = strictInput(toolShape(ENTITY_PARAMS, ['values']));
    expect(input.safeParse({ values: true }).success).toBe(true);
    const r = input.safeParse({ values: true, valuez: true });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error!.issues)).toContain('valuez');
  });
});

describe('queryString and urlPath', () => {
  test('only the table\'s arguments, undefined ones left out, each encoded; none gives the empty string', () => {
    expect(queryString(QUERY, {})).toBe('');
    expect(queryString(QUERY, { q: undefined, other: 1 })).toBe('');
    expect(queryString(QUERY, { q: 'Scale, $this == Sun.Earth', limit: 5, values: true, path: 'x' })).toBe('?q=Scale%2C%20%24this%20%3D%3D%20Sun.Earth&limit=5&values=true');
    expect(queryString(QUERY, { values: false })).toBe('?values=false');
  });

  test('a dotted path becomes levels separated by /, each encoded', () => {
    expect(urlPath('Sun.Earth')).toBe('Sun/Earth');
    expect(urlPath('a b.c/d')).toBe('a%20b/c%2Fd');
    expect(urlPath('42')).toBe('42');
  });
});
