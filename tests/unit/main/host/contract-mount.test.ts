// Every host answers the contract under /contract, whatever dialect it speaks at its root: its
// own explorer and its MCP tools speak the contract there, so they work on a --compat host.
// Real hosts, each with its own frame loop running (watches are answered after frames).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { opened, openWatch } from '../../../support/watch-client';
import { call, McpHarness } from '../mcp/mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
const mcp = new McpHarness();
afterEach(async () => {
  await host?.stop();
  host = undefined;
  await mcp.close();
});

async function start(...extra: string[]): Promise<string> {
  host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50', ...extra]), mkdtempSync(join(tmpdir(), 'pages-')));
  return (await host.start()).rest;
}

async function get(base: string, path: string, method = 'GET'): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(base + path, { method });
  return { status: r.status, body: await r.json() as Record<string, unknown> };
}

describe('the contract under /contract', () => {
  test('a Flecs 4 host speaks Flecs 4 at its root and the contract under /contract, reads, writes and watches', async () => {
    const base = await start('--compat', 'flecs-4');
    expect(await get(base, '/query?q=Planet')).toEqual({ status: 400, body: { error: expect.stringContaining("missing parameter 'expr'") } });
    expect((await get(base, '/entity/flecs/core/World')).status).toBe(200);

    const q = await get(base, '/contract/query?q=(ChildOf%2C%20%24p)%2C%20Planet(%24p)&count=true');
    expect(q.status).toBe(200);
    expect(q.body).toMatchObject({ variables: ['p'], count: 13 });
    expect((await get(base, '/contract/entity/ecs/core/World?label=true')).body).toMatchObject({ path: 'ecs.core.World' });

    expect((await get(base, '/contract/disable/Sun/Mars', 'PUT')).status).toBe(200);
    expect((await get(base, '/contract/entity/Sun/Mars')).body.ids).toContainEqual(['ecs.core.Disabled']);
    expect((await get(base, '/entity/Sun/Mars')).body.tags).toContain('flecs.core.Disabled');

    // A watch of the contract: the full reply first, then a diff as Earth moves on the host's own clock.
    const w = opened(await openWatch(base, '/contract/watch/entity/Sun/Earth?values=true'));
    try {
      const full = await w.next((e) => e.event === 'full', 0);
      expect(JSON.parse(full.data)).toMatchObject({ path: 'Sun.Earth' });
      await w.next((e) => e.event === 'diff', 0);
    } finally { w.close(); }
  });

  test('a Flecs 3.2 host answers its 3.2 shapes at the root and the contract\'s under /contract', async () => {
    const base = await start('--compat', 'flecs-3.2');
    const q = 'Moon%2C%20(ChildOf%2C%20%24planet)';
    expect((await get(base, `/query?q=${q}`)).body).toHaveProperty('vars', ['planet']);
    expect((await get(base, `/contract/query?q=${q}`)).body).toHaveProperty('variables', ['planet']);
  });

  test('on a Flecs 4 host, /contract/history is the host\'s history (the explorer\'s timeline reads it there)', async () => {
    const base = await start('--compat', 'flecs-4');
    const h = await get(base, '/contract/history');
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ first: 0 });
    expect(typeof h.body.last).toBe('number');
    expect(await get(base, '/history')).toMatchObject({ status: 200, body: { first: 0 } });
  });

  test('a contract host answers the same under /contract as at its root', async () => {
    const base = await start();
    const [root, mounted] = await Promise.all([get(base, '/entity/Sun/Earth?label=true'), get(base, '/contract/entity/Sun/Earth?label=true')]);
    expect(mounted).toEqual(root);
    expect((await get(base, '/contracts/entity/Sun')).status).toBe(404);
  });

  test('MCP tools speak the contract on a Flecs 4 host', async () => {
    const base = await mcp.start('--compat', 'flecs-4');
    const client = await mcp.connect(base);
    const r = await call(client, 'query', { q: 'Planet', limit: 2 });
    expect(r.isError, r.text).toBe(false);
    expect(r.json).toMatchObject({ returned: 2 });
    const e = await call(client, 'get_entity', { path: 'Sun.Earth' });
    expect(e.json).toMatchObject({ path: 'Sun.Earth' });
  });
});
