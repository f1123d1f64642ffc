// Every example in README.md and docs/*.md runs as written against the demo host: each curl line
// (its status, and the reply when the docs show one under a `$ curl` line), each URL of the
// default host, each query expression of a table's "Example" column (it must match at least one
// entity of the demo) and each ```query-error block. Which text counts as an example is decided in doc-examples.ts (and told in docs/testing.md);
// a failure names the file and line of the example and says how to fix it.
//
// The host is the product's (tests/docs/demo-host.ts): `npm start`'s options, seed 1. Reads run
// on one host where no frame has run, so their replies are exact; each write (PUT) gets a fresh
// host of its own, so no example sees another's change; statistics and watches need frames, so
// they run on a live host and their numbers are compared by kind only (they are measurements).
// Skipped: a URL of the pages while they are not built (`npx electron-vite build`, which
// `npm test` runs first). Commands other than curl (`npm start`, `sed`, `python3`) are not
// examples of the interface and are not run.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MCP_PATH } from '../../src/main/mcp';
import { send, type Reply } from '../support/raw-http';
import { openWatch } from '../support/watch-client';
import { parseCurl, type CurlRequest } from './curl-command';
import { collectExamples, EXAMPLE_COLUMN, QUERY_ERROR_LANG, type DocExample } from './doc-examples';
import { pagesBuilt, startDemoHost, type DemoHost } from './demo-host';
import { matchPattern, parsePattern, type MatchOptions } from './reply-pattern';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC_FILES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const EXAMPLES = collectExamples(ROOT, DOC_FILES);

const HOW_TO_FIX = 'To fix it: change the example so it runs as written against the demo host (`npm start`, seed 1, as it is before any frame runs), '
  + 'or add what it needs to the demo world (src/main/sim) where that teaches something. '
  + `What counts as an example: a curl line or a \`curl …\` span, a URL of localhost:27750, a code span in a table column headed "${EXAMPLE_COLUMN}" (a query expression), `
  + `a \`\`\`${QUERY_ERROR_LANG} block (message, expression, caret); the reply shown under a \`$ curl\` line is compared (\`…\` leaves out elements, members or a value). `
  + 'Rules: tests/docs/doc-examples.ts; this test: tests/docs/examples.test.ts.';

/** Fails the running test with the example's place, what went wrong and how to fix it. */
function fail(ex: DocExample, what: string): never {
  throw new Error(`${ex.file}:${ex.line}: ${label(ex)}\n${what}\n${HOW_TO_FIX}`);
}

function label(ex: DocExample): string {
  switch (ex.kind) {
    case 'curl': return ex.command;
    case 'url': return ex.url;
    case 'query': case 'query-error': return `query ${ex.expression}`;
    case 'unrunnable': return ex.text;
  }
}

function short(body: string): string {
  return body.length > 400 ? `${body.slice(0, 400)}…` : body;
}

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const MCP_INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'docs-test', version: '1' } } });

let paused: DemoHost;
beforeAll(async () => { paused = await startDemoHost(false); });
afterAll(async () => { await paused?.stop(); });

/** Runs a request on a host made for it (writes, frames) or on the shared paused one. */
async function onHost<T>(needs: { write: boolean; live: boolean }, run: (h: DemoHost) => Promise<T>): Promise<T> {
  if (!needs.write && !needs.live) return run(paused);
  const h = await startDemoHost(needs.live);
  try { return await run(h); } finally { await h.stop(); }
}

function expectStatus(ex: DocExample, reply: Reply, ok: boolean): void {
  const good = ok ? reply.status >= 200 && reply.status < 300 : reply.status >= 400;
  if (!good) fail(ex, `it answered ${reply.status} ${short(reply.body)}, expected ${ok ? 'a success' : 'an error, as the reply shown says'}`);
}

function compare(ex: DocExample, shownText: string, shownLine: number, actual: unknown, options: MatchOptions): void {
  let pattern;
  try { pattern = parsePattern(shownText); } catch (err) { fail(ex, `the reply shown at line ${shownLine} cannot be read: ${(err as Error).message}`); }
  const diffs = matchPattern(pattern, actual, options);
  if (diffs.length > 0) {
    const lines = diffs.slice(0, 8).map((d) => `  at ${d.path}: the docs show ${d.shown}, the host answers ${d.got}`);
    fail(ex, `the reply shown at line ${shownLine} differs from the host's${options.numbers === 'kind' ? ' (numbers compared by kind: they are measured while frames run)' : ''}:\n${lines.join('\n')}${diffs.length > 8 ? `\n  and ${diffs.length - 8} more` : ''}`);
  }
}

/** The events a documented stream shows: blocks of `event:`, `id:` and `data:` lines. */
function shownEvents(text: string): { event: string; data: string }[] {
  return text.split(/\n\s*\n/).map((block) => {
    const field = (name: string) => block.split('\n').find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1).trim() ?? '';
    return { event: field('event'), data: field('data') };
  });
}

async function runWatch(ex: DocExample & { kind: 'curl' }, req: CurlRequest, h: DemoHost): Promise<void> {
  const w = await openWatch(`http://127.0.0.1:${h.port}`, req.target, { headers: req.headers });
  if ('status' in w) fail(ex, `the watch was refused: ${w.status} ${JSON.stringify(w.body)}`);
  try {
    const shown = ex.reply ? shownEvents(ex.reply.text) : [{ event: 'full', data: '…' }];
    const at = async (k: number): Promise<EventSourceMessage> => {
      while (w.events.length <= k) await w.next();
      return w.events[k]!;
    };
    for (let k = 0; k < shown.length; k++) {
      const got = await at(k);
      if ((got.event ?? 'message') !== shown[k]!.event) fail(ex, `event ${k + 1} of the stream is '${got.event}', the docs show '${shown[k]!.event}'`);
      compare(ex, shown[k]!.data, ex.reply?.line ?? ex.line, JSON.parse(got.data), { numbers: 'kind', trimmed: false });
    }
  } finally { w.close(); }
}

async function runCurl(ex: DocExample & { kind: 'curl' }): Promise<void> {
  let req: CurlRequest;
  try { req = parseCurl(ex.command); } catch (err) { fail(ex, `it cannot be run as written: ${(err as Error).message}`); }
  const live = req.stream || /^\/(?:watch|stats)\//.test(req.target);
  await onHost({ write: req.method !== 'GET', live }, async (h) => {
    if (req.stream) return runWatch(ex, req, h);
    const reply = await send(h.port, req.method, req.target, req.headers);
    const shown = ex.reply;
    expectStatus(ex, reply, !(shown && /^\{\s*"error"\s*:/.test(shown.text)));
    if (!shown) return;
    let body: unknown;
    try { body = JSON.parse(reply.body); } catch { fail(ex, `the reply is not JSON: ${short(reply.body)}`); }
    compare(ex, shown.text, shown.line, body, { numbers: live ? 'kind' : 'exact', trimmed: req.comment.startsWith('trimmed') });
  });
}

async function runExample(ex: DocExample, skip: (reason: string) => void): Promise<void> {
  switch (ex.kind) {
    case 'unrunnable': return fail(ex, `it cannot be run: ${ex.reason}. Write each request as its own plain curl line.`);
    case 'curl': return runCurl(ex);
    case 'url': {
      if (/^\/(?:viewport|explorer)\//.test(ex.target) && !pagesBuilt()) return skip('the pages are not built: run `npx electron-vite build` (npm test does it first)');
      // The MCP endpoint answers MCP, not GET: a documented /mcp URL must accept an initialize.
      if (ex.target === MCP_PATH) return expectStatus(ex, await send(paused.port, 'POST', MCP_PATH, MCP_HEADERS, MCP_INITIALIZE), true);
      return expectStatus(ex, await send(paused.port, 'GET', ex.target), true);
    }
    case 'query': {
      const reply = await send(paused.port, 'GET', `/query?q=${encodeURIComponent(ex.expression)}&count=true&results=false`);
      expectStatus(ex, reply, true);
      const { count } = JSON.parse(reply.body) as { count: number };
      if (!(count > 0)) fail(ex, 'it matches nothing in the demo world: an example that shows no result teaches little; pick names the demo has (src/main/sim)');
      return;
    }
    case 'query-error': {
      const reply = await send(paused.port, 'GET', `/query?q=${encodeURIComponent(ex.expression)}`);
      expectStatus(ex, reply, false);
      const error = (JSON.parse(reply.body) as { error: string }).error;
      if (error !== ex.message) fail(ex, `the query engine says:\n${error}\nthe docs show:\n${ex.message}`);
    }
  }
}

describe('documented examples', () => {
  test('are found in every kind the rules name, in README.md and docs/rest-api.md', () => {
    const kinds = new Set(EXAMPLES.map((e) => e.kind));
    for (const kind of ['curl', 'url', 'query', 'query-error']) expect(kinds, `no ${kind} example found: has the rule in doc-examples.ts stopped matching?`).toContain(kind);
    expect(EXAMPLES.filter((e) => e.kind === 'curl' && e.reply).length, 'curl examples with a reply shown').toBeGreaterThan(3);
    for (const f of ['README.md', 'docs/rest-api.md']) expect(EXAMPLES.some((e) => e.file === f), f).toBe(true);
  });

  for (const ex of EXAMPLES) {
    test(`${ex.file}:${ex.line} ${label(ex)}`, async (ctx) => { await runExample(ex, (reason) => ctx.skip(reason)); });
  }
});
