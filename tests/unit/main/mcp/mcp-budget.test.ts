// The MCP tools evaluate queries under the host's query budget (--max-query-steps), as REST does:
// a query past it is an isError result with the REST 400's words (the limit, how to narrow), for
// the query tool and wait_for alike; a cheap query right after still answers, and
// the host's own loop keeps running frames (counted by its frame hook).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { call, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(() => h.close());

const LIMIT = 2000;
/** Every pair of entities with a Position: far more than LIMIT steps on the demo world. */
const CROSS = 'Position($a), Position($b)';

describe('MCP tools under the query budget', () => {
  test('query and wait_for refuse a query past --max-query-steps with the REST message', async () => {
    const base = await h.startLive({}, '--max-query-steps', String(LIMIT));
    const c = await h.connect(base);
    const rest = await (await fetch(`${base}/query?q=${encodeURIComponent(CROSS)}&count=true`)).json() as { error: string };
    expect(rest.error).toContain(`more than ${LIMIT} evaluation steps`);

    const q = await call(c, 'query', { q: CROSS });
    expect(q.isError).toBe(true);
    expect(q.text).toContain(`more than ${LIMIT} evaluation steps`);
    expect(q.text).toContain('--max-query-steps');

    const w = await call(c, 'wait_for', { q: CROSS, timeout_frames: 5 });
    expect(w.isError).toBe(true);
    expect(w.text).toContain(`more than ${LIMIT} evaluation steps`);
    expect(h.host!.watches.watcherCount).toBe(0);

    // Nothing is left behind: no watch reopens as frames run, a wait on a cheap query runs its
    // frames on the loop to the end, and a cheap query answers.
    await h.frames(3);
    expect(h.host!.watches.watcherCount).toBe(0);
    const waited = await call(c, 'wait_for', { q: 'Planet', timeout_frames: 3 });
    expect(waited.json).toMatchObject({ changed: false, frames: 3, reason: 'no change in 3 frames' });
    const ok = await call(c, 'query', { q: 'Planet' });
    expect(ok.isError).toBe(false);
    expect(ok.json.total ?? ok.json.count).toBe(8);
  });
});
