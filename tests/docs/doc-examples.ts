// Finds the runnable examples of the user docs (README.md and docs/*.md), each with its file and
// line. The rule, also written in docs/testing.md ("The docs run"):
// - a curl command: a line of a code block that starts with `curl` or `$ curl`, or an inline code
//   span that starts with `curl `. Under a `$ curl` line, the lines up to the next `$ ` line are
//   the reply it shows. A code block line that runs curl any other way (in a function, after a
//   pipe) is reported as an example that cannot be run;
// - a URL of the default host (`localhost:27750/…`, `127.0.0.1:27750/…`) anywhere else: a GET
//   (one with a placeholder, `<path>` or `…`, is a form of request, not an example; the MCP
//   endpoint `/mcp` is sent an MCP initialize instead, see examples.test.ts);
// - a query expression: an inline code span in a table column headed "Example" (one that does
//   not start with `curl `);
// - a query error: a code block marked ```query-error holding the message, the expression and
//   the caret line, as the query engine prints them.
import { readFileSync } from 'node:fs';
import type { Code, InlineCode, Link, Nodes, Root, Table, Text } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';

/** Where an example is written. */
export interface Place {
  /** Path relative to the repository root, e.g. docs/rest-api.md */
  file: string;
  /** 1-based line. */
  line: number;
}

/** One documented example. */
export type DocExample = Place & (
  | { kind: 'curl'; command: string; reply?: { text: string; line: number } }
  | { kind: 'url'; url: string; target: string }
  | { kind: 'query'; expression: string }
  | { kind: 'query-error'; expression: string; message: string }
  | { kind: 'unrunnable'; text: string; reason: string }
);

/** Info string of a code block that shows a query error. */
export const QUERY_ERROR_LANG = 'query-error';
/** Header of the table column whose code spans are query expressions. */
export const EXAMPLE_COLUMN = 'Example';
const URL_IN_TEXT = /\b(?:localhost|127\.0\.0\.1):27750(\/[^\s`'"<>)\]|\\]*)/g;
const SHELL_LANGS = new Set(['', 'sh', 'bash', 'shell', 'console']);

function parseMarkdown(text: string): Root {
  return fromMarkdown(text, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
}

function plainText(node: Nodes): string {
  if ('value' in node) return node.value;
  if ('children' in node) return node.children.map((c) => plainText(c as Nodes)).join('');
  return '';
}

function urlsIn(text: string, place: Place, out: DocExample[]): void {
  for (const m of text.matchAll(URL_IN_TEXT)) {
    // A URL with a placeholder (`/entity/<path>`, `/…`) describes a form of request, not one request.
    const after = text[m.index + m[0].length];
    if (m[0].includes('…') || after === '<' || after === '{') continue;
    out.push({ ...place, kind: 'url', url: m[0], target: m[1]! });
  }
}

/** Examples of one code block. */
function codeExamples(code: Code, file: string, out: DocExample[]): void {
  const first = code.position!.start.line + 1;
  const lines = code.value.split('\n');
  if (code.lang === QUERY_ERROR_LANG) {
    out.push({ file, line: first, kind: 'query-error', expression: lines[1] ?? '', message: code.value });
    return;
  }
  const shell = SHELL_LANGS.has(code.lang ?? '');
  for (let k = 0; k < lines.length; k++) {
    const place = { file, line: first + k };
    const raw = lines[k]!;
    const prompted = raw.startsWith('$ ');
    const command = prompted ? raw.slice(2) : raw;
    if (/^curl\s/.test(command)) {
      let end = k + 1;
      if (prompted) while (end < lines.length && !lines[end]!.startsWith('$ ')) end++;
      const reply = lines.slice(k + 1, end).join('\n').trim();
      out.push({ ...place, kind: 'curl', command, ...(reply ? { reply: { text: reply, line: first + k + 1 } } : {}) });
      k = end - 1;
    } else if (shell && /\bcurl\s/.test(command)) {
      out.push({ ...place, kind: 'unrunnable', text: raw.trim(), reason: 'curl does not start the line (it is inside a function, a pipe or a substitution)' });
    } else {
      urlsIn(raw, place, out);
    }
  }
}

/** Query expressions of the tables' "Example" columns. */
function tableExamples(table: Table, file: string, out: DocExample[]): void {
  const [head, ...rows] = table.children;
  const column = head?.children.findIndex((cell) => plainText(cell).trim() === EXAMPLE_COLUMN) ?? -1;
  if (column < 0) return;
  for (const row of rows) {
    for (const node of row.children[column]?.children ?? []) {
      if (node.type !== 'inlineCode' || node.value.startsWith('curl ')) continue;
      out.push({ file, line: node.position!.start.line, kind: 'query', expression: node.value });
    }
  }
}

/** Every example of one Markdown text, in the order written. */
export function examplesOf(file: string, text: string): DocExample[] {
  const out: DocExample[] = [];
  const visit = (node: Nodes): void => {
    const line = node.position?.start.line ?? 0;
    switch (node.type) {
      case 'code': codeExamples(node, file, out); return;
      case 'inlineCode': {
        const c = node as InlineCode;
        if (c.value.startsWith('curl ')) out.push({ file, line, kind: 'curl', command: c.value });
        else urlsIn(c.value, { file, line }, out);
        return;
      }
      case 'text': urlsIn((node as Text).value, { file, line }, out); return;
      // An autolink's text repeats its address: read the address once.
      case 'link': urlsIn((node as Link).url, { file, line }, out); return;
      case 'table': tableExamples(node, file, out); break;
    }
    if ('children' in node) for (const c of node.children) visit(c as Nodes);
  };
  visit(parseMarkdown(text));
  return out;
}

/** Every example of the given files (paths relative to `root`). */
export function collectExamples(root: string, files: readonly string[]): DocExample[] {
  return files.flatMap((f) => examplesOf(f, readFileSync(`${root}/${f}`, 'utf8')));
}
