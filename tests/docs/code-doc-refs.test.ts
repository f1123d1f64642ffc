// No comment or text of the code names a Markdown document the repository lacks (such as a design
// document kept elsewhere, cited as DECISIONS "Stats"): a comment says its reason itself or points
// at a page of docs/, so a maintainer can follow every pointer in this repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
/** The docs tests that name the refused citations to refuse them. */
const RULE_FILES = new Set(['tests/docs/code-doc-refs.test.ts', 'tests/docs/links.test.ts']);

describe('documents the code names', () => {
  test('every Markdown file a comment or text of the code names is in the repository', () => {
    const files = execFileSync('git', ['ls-files', '-z', 'src', 'tests', 'scripts', 'bench', '.ci'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0').filter((f) => /\.(?:ts|tsx|mjs|js|yml|json)$|(?:^|\/)run$/.test(f) && !f.startsWith('tests/reference/') && !RULE_FILES.has(f));
    const tracked = new Set(execFileSync('git', ['ls-files', '-z', '*.md'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean).map((f) => basename(f)));
    const missing: string[] = [];
    for (const f of files) {
      if (!existsSync(join(ROOT, f))) continue;
      readFileSync(join(ROOT, f), 'utf8').split('\n').forEach((line, i) => {
        for (const m of line.matchAll(/([\w./-]*?)\b([A-Za-z][\w-]+)\.md\b/g)) {
          if (!tracked.has(`${m[2]}.md`) || m[1]!.includes('../shared/')) missing.push(`${f}:${i + 1}: ${m[0]}`);
        }
        // A design document cited by its bare name, as in: (DECISIONS "Stats").
        for (const m of line.matchAll(/\b(DESIGN|DECISIONS|STYLE)\b(?!\.md)/g)) missing.push(`${f}:${i + 1}: ${m[0]}`);
      });
    }
    expect(missing, 'cite a page of docs/ (or write the reason in the comment) instead').toEqual([]);
  });
});
