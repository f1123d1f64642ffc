// The official MCP conformance suite (@modelcontextprotocol/conformance, pinned) run as its own
// process through `npm run mcp:conformance`'s script against the host's /mcp over a real socket.
// The script exits 0 only when exactly the scenarios of scripts/mcp-conformance-baseline.yml
// fail; on top of that, each scenario's own checks are read: the ones that test what we offer
// (initialize, ping, tools/list, resources/list, several POST streams at once, DNS-rebinding
// refusal) pass, and each listed failure fails for its stated reason, not for another.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

const run = promisify(execFile);
const root = join(import.meta.dirname, '../../../..');
const h = new McpHarness();
afterEach(() => h.close());

interface Check { id: string; status: string; errorMessage?: string }

/** Each scenario's checks, from the suite's output folders (server-<scenario>-<timestamp>). */
function results(dir: string): Map<string, Check[]> {
  const out = new Map<string, Check[]>();
  for (const d of readdirSync(dir)) {
    const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT/.exec(d)![1]!;
    out.set(scenario, JSON.parse(readFileSync(join(dir, d, 'checks.json'), 'utf8')) as Check[]);
  }
  return out;
}

/** Why a baseline scenario fails: a method we do not offer, or the suite's fixture tools and resources. */
const NOT_OFFERED = /Method not found/;
const FIXTURE = /test_[a-z_]+ not found|Resource test:\/\/[a-z0-9/-]+ not found|unknown resource "test:\/\/|No (image|audio|resource) content found|Missing image content|did not request (sampling|elicitation)|No progress notifications/;

describe('official MCP conformance suite against the host', () => {
  test('the scenarios of what we offer pass; the baseline fails, each for its reason', async () => {
    const base = await h.start();
    const out = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
    // Rejects (with the suite's summary) on any unexpected failure or stale baseline entry.
    await run(process.execPath, [join(root, 'scripts/mcp-conformance.mjs'), '--url', `${base}/mcp`, '-o', out], { cwd: root, timeout: 150_000 });

    const byScenario = results(out);
    // The baseline's entries: its `  - <scenario>` lines (the file has one list, `server:`).
    const baseline = readFileSync(join(root, 'scripts/mcp-conformance-baseline.yml'), 'utf8').split('\n').flatMap((l) => /^\s+-\s+(\S+)/.exec(l)?.[1] ?? []);
    expect(baseline.length).toBe(22);
    const passed = [...byScenario].filter(([, checks]) => checks.every((c) => c.status !== 'FAILURE')).map(([s]) => s).sort();
    expect(passed).toEqual(['dns-rebinding-protection', 'ping', 'resources-list', 'server-initialize', 'server-sse-multiple-streams',
      // These two call fixture tools we lack; the unknown tool's isError text reply is all they look at.
      'tools-call-error', 'tools-call-simple-text', 'tools-list']);
    expect(byScenario.get('dns-rebinding-protection')!.map((c) => `${c.id} ${c.status}`).sort())
      .toEqual(['localhost-host-rebinding-rejected SUCCESS', 'localhost-host-valid-accepted SUCCESS']);
    expect(byScenario.get('server-sse-multiple-streams')!.filter((c) => c.status === 'SUCCESS')).toHaveLength(2);

    for (const scenario of baseline) {
      const failures = (byScenario.get(scenario) ?? []).filter((c) => c.status === 'FAILURE');
      expect(failures.length, scenario).toBeGreaterThan(0);
      const why = /^(prompts-|logging-|completion-|tools-call-with-logging)/.test(scenario) ? NOT_OFFERED : FIXTURE;
      for (const f of failures) expect(f.errorMessage, `${scenario}: ${f.id}`).toMatch(why);
    }
    // Every scenario ran, and each one either passed or is in the baseline.
    expect([...byScenario.keys()].sort()).toEqual([...passed, ...baseline].sort());
  });
});
