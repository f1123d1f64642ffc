// The docs point only at what the repository has: every relative link of README.md and
// docs/*.md reaches a file of the repository (and a heading of it when it names one), no page is
// left unlinked from the README, and no text points outside the repository (`../shared`, an
// absolute /work path): what a maintainer needs is written in docs/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const OUTSIDE = /\.\.\/shared\b|\/work\/|(?<![\w.])shared\/(?:DESIGN|STYLE|DECISIONS)/;

function parse(text: string): Nodes {
  return fromMarkdown(text, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
}

function plain(node: Nodes): string {
  if ('value' in node) return node.value;
  if ('children' in node) return node.children.map((c) => plain(c as Nodes)).join('');
  return '';
}

/** GitHub's anchor of a heading: lower case, punctuation but '-' and '_' dropped, spaces as '-'. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function walk(node: Nodes, visit: (n: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const c of node.children) walk(c as Nodes, visit);
}

/** Anchors of a Markdown file (headings, GitHub's numbering of repeated ones). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  walk(parse(readFileSync(join(ROOT, file), 'utf8')), (n) => {
    if (n.type !== 'heading') return;
    const s = slug(plain(n)), k = seen.get(s) ?? 0;
    seen.set(s, k + 1);
    out.add(k === 0 ? s : `${s}-${k}`);
  });
  return out;
}

/** Relative links (and image sources) of a page, with their line. */
function linksOf(file: string): { url: string; line: number }[] {
  const out: { url: string; line: number }[] = [];
  walk(parse(readFileSync(join(ROOT, file), 'utf8')), (n) => {
    if ((n.type === 'link' || n.type === 'image') && !/^[a-z]+:/i.test(n.url)) out.push({ url: n.url, line: n.position?.start.line ?? 0 });
  });
  return out;
}

describe('links of the docs', () => {
  test('the anchor rule is GitHub\'s', () => {
    expect(slug('Who may do what, and limits')).toBe('who-may-do-what-and-limits');
    expect(slug('Compat mode: `--compat flecs-3.2`')).toBe('compat-mode---compat-flecs-32');
    expect(slug('Agents (MCP)')).toBe('agents-mcp');
  });

  for (const page of PAGES) {
    test(`${page}: every relative link reaches a file of the repository, and its heading`, () => {
      const broken: string[] = [];
      for (const { url, line } of linksOf(page)) {
        const [path, anchor] = url.split('#') as [string, string | undefined];
        const target = path === '' ? page : normalize(join(dirname(page), decodeURI(path)));
        if (target.startsWith('..') || !existsSync(join(ROOT, target))) { broken.push(`${page}:${line}: ${url} (no file ${target})`); continue; }
        if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor)) broken.push(`${page}:${line}: ${url} (no heading '#${anchor}' in ${target})`);
      }
      expect(broken, 'links that reach nothing: fix the path or the heading').toEqual([]);
    });

    test(`${page}: no text points outside the repository`, () => {
      const lines = readFileSync(join(ROOT, page), 'utf8').split('\n');
      const outside = lines.flatMap((l, i) => (OUTSIDE.test(l) ? [`${page}:${i + 1}: ${l.trim()}`] : []));
      expect(outside, 'write what a maintainer needs into docs/ instead of pointing outside').toEqual([]);
    });
  }

  test('every docs/ page is linked from the README', () => {
    const linked = new Set(linksOf('README.md').map((l) => normalize(l.url.split('#')[0]!)));
    expect(PAGES.filter((p) => p !== 'README.md' && !linked.has(p))).toEqual([]);
  });
});
