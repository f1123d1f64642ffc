// deviations.md must list exactly the deviations of deviations.ts, one line per capture, with the
// same reasons. `UPDATE_DEVIATIONS=1 npx vitest run tests/conformance` rewrites it from the table
// (that run fails if the file was stale, so a rewrite never passes unseen).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadCaptures } from '../support/reference';
import { DEVIATIONS } from './deviations';

const FILE = join(import.meta.dirname, 'deviations.md');

const HEAD = `# Deviations from the reference captures

\`tests/conformance/reference.test.ts\` replays every capture of \`tests/reference/flecs-3.2/\`
through our router twice: in the contract's reply shapes, and in compat mode (\`--compat
flecs-3.2\`). Before comparing, these mechanical renames are applied to the reference's side
(they are product decisions, written in docs/rest-api.md, and apply to every capture):

- \`flecs\` -> \`ecs\` in module names, in requests and replies (docs/rest-api.md, Basics).
- Contract mode only: query reply fields are named as their parameters: \`vars\` -> \`variables\`,
  \`var_labels\` -> \`variable_labels\`, \`var_ids\` -> \`variable_ids\`, \`eval_duration\` ->
  \`duration\`; top-level \`type_info\` is an array aligned with the terms (the reference: an object
  keyed by name). Compat mode serves the reference's names and shapes, so nothing is renamed.
- A successful PUT answers \`{}\` (the reference: an empty body); every error is JSON
  \`{"error": …}\` (the reference: sometimes an empty or plain-text body). Error texts are ours
  (they name the culprit and say what to do), so only the status and the presence of \`error\`
  are compared; our \`position\` of a query parse error is extra.
- Numbers are compared within f32 precision (the reference prints f32 members with 10 digits,
  \`5.9699997902\`; we print the shortest decimal, \`5.97\`). Time-dependent values (Comet's
  position, Mars's once it moves in run A, the World's monitor summary, durations, statistics)
  are compared by shape only. Results, and the ids of an entity, are compared as multisets: the
  contract gives them no order.
- The transport's part is not replayed: a HEAD request is sent to the router as GET, as the
  transport does.

Every other difference is listed below, one line per capture, with the rule that explains it.
The test checks our reply for each of these against that rule (deviations.ts). In compat mode a
listed capture whose reply equals the reference's counts as matched (the deviations caused by the
contract's limits, default 100 and \`limit=0\` = nothing, disappear there); lines marked
"compat mode only" deviate only there.

`;

function document(): string {
  const caps = new Map(loadCaptures().map((c) => [Number(c.file.slice(0, 3)), c]));
  const first = new Map<string, string>();
  const lines = Object.entries(DEVIATIONS).map(([n, d]) => {
    const c = caps.get(Number(n))!;
    const no = String(n).padStart(3, '0');
    const url = c.url.length > 60 ? `${c.url.slice(0, 57)}...` : c.url;
    const seen = first.get(d.why);
    if (seen === undefined) first.set(d.why, no);
    const only = d.onlyIn ? ' (compat mode only)' : '';
    return `- ${no} \`${c.method} ${url}\`: ${seen === undefined ? d.why : `same as ${seen}`}${only}`;
  });
  return `${HEAD}${lines.join('\n')}\n`;
}

test('deviations.md lists every documented deviation, one line each', () => {
  // The committed file is read before anything is written, so the check compares it with the
  // table in both modes. With UPDATE_DEVIATIONS a stale file is rewritten, and the run still fails
  // once (the rewrite is to be reviewed and committed); the next run passes.
  const committed = readFileSync(FILE, 'utf8');
  const expected = document();
  if (process.env.UPDATE_DEVIATIONS && committed !== expected) writeFileSync(FILE, expected);
  expect(committed, 'deviations.md differs from deviations.ts: run UPDATE_DEVIATIONS=1 npx vitest run tests/conformance/deviations-doc.test.ts and commit the file').toBe(expected);
});
