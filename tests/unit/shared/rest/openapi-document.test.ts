/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads /openapi.json as parsed JSON */
// /openapi.json is what a client author reads instead of our source: every operation says what it
// does, every parameter what it means, every error status when it happens — in each dialect. A
// blank or missing text there is a bug a reader meets, even if no reply changes.
import { describe, expect, test } from 'vitest';
import { openApiDocument } from '../../../../src/shared/protocol';
import { CONTRACT } from '../../../../src/shared/rest';
import { setup } from './helpers';

const DIALECTS = [undefined, 'flecs-3.2', 'flecs-4'] as const;

/** A sentence a reader can use: some words, not a placeholder. */
const readable = (text: unknown) => typeof text === 'string' && /\w{3,}.*\s.*\w{3,}/.test(text.trim());

describe('/openapi.json documents every operation for a reader', () => {
  for (const compat of DIALECTS) {
    test(`${compat ?? 'contract'}: summaries, parameter descriptions and error descriptions`, () => {
      const doc = setup({ compat }).get('/openapi.json').json;
      const problems: string[] = [];
      const operations = Object.entries(doc.paths as Record<string, Record<string, any>>)
        .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })));
      expect(operations.length).toBeGreaterThan(10);
      for (const { at, op } of operations) {
        if (!readable(op.summary)) problems.push(`${at}: summary ${JSON.stringify(op.summary)}`);
        for (const p of op.parameters ?? []) {
          if (!readable(p.description)) problems.push(`${at} parameter ${p.name}: description ${JSON.stringify(p.description)}`);
        }
        const statuses = Object.keys(op.responses ?? {});
        if (!statuses.some((s) => s.startsWith('2'))) problems.push(`${at}: no success response`);
        for (const s of statuses) {
          const description = op.responses[s].description;
          // A success may say just "OK"; an error must say when it happens.
          if (s.startsWith('2') ? !(typeof description === 'string' && description.trim()) : !readable(description)) problems.push(`${at} ${s}: description ${JSON.stringify(op.responses[s].description)}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  test('error descriptions say when the error happens, not only its status name', () => {
    const doc = setup().get('/openapi.json').json;
    const generic = /^(bad request|not found|forbidden|error)\.?$/i;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, r] of Object.entries(op.responses as Record<string, any>)) {
          if (status.startsWith('4')) expect(r.description, `${method} ${path} ${status}`).not.toMatch(generic);
        }
      }
    }
  });

  test("the document's head: its title and version (defaults, or the server's), and how parameters and errors work", () => {
    const rows = CONTRACT.rows({ maxLimit: 10_000 });
    expect(openApiDocument(rows).info).toMatchObject({ title: 'ECS live world REST interface', version: '1' });
    expect(openApiDocument(rows, { title: 'Solar REST interface', version: '7' }).info).toMatchObject({ title: 'Solar REST interface', version: '7' });
    const description = (openApiDocument(rows).info as { description: string }).description;
    expect(description).toMatch(/start with &/);
    expect(description).toMatch(/\{"error": "…"\}/);
    expect(description).toMatch(/405 with an Allow header/);
  });

  test('a watch answers the errors of its GET besides its own (429, 503); schemas are embedded without a $schema of their own', () => {
    const doc = setup().get('/openapi.json').json;
    for (const [watch, get] of [['/watch/query', '/query'], ['/watch/entity/{path}', '/entity/{path}']]) {
      const own = doc.paths[watch].get.responses, of = doc.paths[get].get.responses;
      const errors = Object.keys(of).filter((s) => s !== '200');
      expect(errors.length).toBeGreaterThan(0);
      for (const s of errors) expect(own[s], `${watch} ${s}`).toEqual(of[s]);
      expect(own[429].content).toEqual(of[errors[0]!].content);
    }
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
  });
});
