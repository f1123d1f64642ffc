// The endpoint tables of docs/dialects.md are generated from the dialects' endpoint tables
// (scripts/docs-endpoints.ts): this fails while the committed file differs from what the script
// writes, so a row added, removed or changed (a path, a method, a parameter's default, an
// error) without `npm run docs:endpoints` is caught.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { DIALECTS_DOC, DOC_DIALECTS, endpointTable, withTables } from '../../scripts/docs-endpoints';
import { dialectOf } from '../../src/shared/rest';

test('docs/dialects.md has the endpoint table of every dialect as the script writes it', () => {
  const doc = readFileSync(DIALECTS_DOC, 'utf8');
  expect(doc, 'docs/dialects.md is stale: run npm run docs:endpoints and commit it').toBe(withTables(doc));
});

test("each dialect's table has one line per row of the router's table, with its path and methods", () => {
  for (const d of DOC_DIALECTS) {
    const compat = d === 'contract' ? undefined : d;
    const rows = dialectOf(compat).rows({ maxLimit: 10_000 });
    const lines = endpointTable(compat).split('\n').slice(2);
    expect(lines).toHaveLength(rows.length);
    rows.forEach((row, i) => expect(lines[i]).toContain(`| ${row.methods.join(', ')} | \`${row.path}\` |`));
  }
});
