// MCP resources through the SDK's own client: the two templates, list and read (the same text as
// the REST GET), errors with the REST message, and subscriptions on the watch feeds: an update
// after a REST write, none while nothing changes, the watch released by unsubscribe and by the
// session's end.
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema, type ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { defineQuery } from '../../../../src/shared/query';
import { call, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(() => h.close());

const body = (url: string) => h.host!.router.route('GET', url).body;

/** A host and a client whose notification stream is open, with the URIs of the updates it gets; time paused, so entities change only when written. */
async function pausedClientWithNotices() {
  const base = await h.start();
  const c = await h.connect(base);
  const updates: string[] = [];
  c.setNotificationHandler(ResourceUpdatedNotificationSchema, (n: ServerNotification) => { updates.push((n.params as { uri: string }).uri); });
  // The client's notification stream (its GET) is open: notices have somewhere to go.
  await expect.poll(() => h.host!.mcp!.openRequests, { timeout: 30_000 }).toBe(1);
  expect((await call(c, 'time_control', { action: 'pause' })).isError).toBe(false);
  h.host!.app.step(1 / 60);
  return { base, c, updates };
}

describe('MCP resources', () => {
  test('templates, the capability as served, list and read equal to the REST GET', async () => {
    const c = await h.connect(await h.start());
    expect(c.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: false });
    const { resourceTemplates } = await c.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['ecs://entity/{+path}', 'ecs://query/{+name}']);
    // Each template says what it reads, as JSON: the REST GET it stands for.
    const described = Object.fromEntries(resourceTemplates.map((t) => [t.name, t]));
    expect(described.entity).toMatchObject({ mimeType: 'application/json', description: expect.stringContaining('GET /entity/<path>?values=true') });
    expect(described.query).toMatchObject({ mimeType: 'application/json', description: expect.stringContaining('GET /query?name=<name>') });
    const { resources } = await c.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining(['ecs://entity/Sun', 'ecs://query/Planets', 'ecs://query/ShipsHeadingTo']));
    expect(uris.some((u) => u.startsWith('ecs://entity/ecs'))).toBe(false);
    const read = async (uri: string) => { const r = await c.readResource({ uri }); return (r.contents[0] as { text: string }).text; };
    expect(await read('ecs://entity/Sun/Earth')).toBe(body('/entity/Sun/Earth?values=true'));
    expect((await c.readResource({ uri: 'ecs://query/Planets' })).contents[0]).toMatchObject({ uri: 'ecs://query/Planets', mimeType: 'application/json' });
    expect(await read('ecs://query/Planets')).toBe(body('/query?name=Planets'));
    const heading = await read('ecs://query/ShipsHeadingTo?vars=planet:Sun.Earth');
    expect(heading).toBe(body('/query?name=ShipsHeadingTo&vars=planet%3ASun.Earth'));
    expect(JSON.parse(heading).results[0].variables).toEqual(['Sun.Earth']);
  });

  test('a read that REST refuses is an MCP error with the REST message', async () => {
    const c = await h.connect(await h.start());
    const rest = JSON.parse(body('/entity/Sun/Nowhere?values=true')).error as string;
    await expect(c.readResource({ uri: 'ecs://entity/Sun/Nowhere' })).rejects.toThrow(rest);
    await expect(c.readResource({ uri: 'ecs://entity/Sun/Nowhere' })).rejects.toMatchObject({ code: -32002 });
    // The client's message is its own prefix and REST's message, once (not the prefix twice).
    await expect(c.readResource({ uri: 'ecs://entity/Sun/Nowhere' })).rejects.toMatchObject({ message: `MCP error -32002: ${rest}` });
    await expect(c.subscribeResource({ uri: 'ecs://other/x' })).rejects.toMatchObject({ message: expect.stringMatching(/^MCP error -32602: unknown resource /) });
    const noQuery = JSON.parse(body('/query?name=Nope')).error as string;
    await expect(c.readResource({ uri: 'ecs://query/Nope' })).rejects.toThrow(noQuery);
    await expect(c.subscribeResource({ uri: 'ecs://query/Nope' })).rejects.toThrow(noQuery);
    expect(h.host!.watches.watcherCount).toBe(0);
  });

  test('a URI that names no resource, a name written encoded, bad vars: each refused with what was wrong, no watch opened', async () => {
    const c = await h.connect(await h.start());
    for (const uri of ['ecs://other/x', 'ecs://entity/', 'ecs://query/']) {
      await expect(c.subscribeResource({ uri }), uri).rejects.toThrow(`unknown resource ${JSON.stringify(uri)}: resources are ecs://entity/<path with / between levels> and ecs://query/<name of a query, rule or system>`);
    }
    // A name is read as the URI writes it: %20 is a space.
    await expect(c.readResource({ uri: 'ecs://query/Ships%20HeadingTo' })).rejects.toThrow(JSON.parse(body('/query?name=Ships%20HeadingTo')).error as string);
    await expect(c.subscribeResource({ uri: 'ecs://query/Ships%20HeadingTo' })).rejects.toMatchObject({ code: -32002 });
    // Bad vars are a bad parameter (not a missing resource), with REST's message, on read and on subscribe.
    const badVars = JSON.parse(body('/query?name=ShipsHeadingTo&vars=planet%3ANope')).error as string;
    for (const ask of [() => c.readResource({ uri: 'ecs://query/ShipsHeadingTo?vars=planet:Nope' }), () => c.subscribeResource({ uri: 'ecs://query/ShipsHeadingTo?vars=planet:Nope' })]) {
      await expect(ask()).rejects.toThrow(badVars);
      await expect(ask()).rejects.toMatchObject({ code: -32602 });
    }
    // Other parameters of a query URI are not vars: the query reads as without them.
    expect((await c.readResource({ uri: 'ecs://query/ShipsHeadingTo?x=1' })).contents[0]).toMatchObject({ text: body('/query?name=ShipsHeadingTo') });
    expect(h.host!.watches.watcherCount).toBe(0);
  });

  test('the list: top-level entities and named queries, each sorted, none built in', async () => {
    const c = await h.connect(await h.start());
    const uris = (await c.listResources()).resources.map((r) => r.uri);
    const entities = uris.filter((u) => u.startsWith('ecs://entity/')).map((u) => u.slice('ecs://entity/'.length));
    const queries = uris.filter((u) => u.startsWith('ecs://query/')).map((u) => u.slice('ecs://query/'.length));
    expect(entities.length + queries.length).toBe(uris.length);
    expect(entities).toEqual([...entities].sort());
    expect(queries).toEqual([...queries].sort());
    // Top level only (Sun, not Sun/Earth), and no built-in module or entity.
    expect(entities).toEqual(expect.arrayContaining(['Sun', 'Ship1', 'Planets', 'Position']));
    expect(entities.filter((e) => e.includes('/') || e.includes('.') || e === 'ecs' || e === 'World' || e === 'ChildOf')).toEqual([]);
    expect(queries).toEqual(expect.arrayContaining(['Planets', 'ShipsHeadingTo', 'Move']));
    // Every listed query reads as its REST GET.
    for (const q of queries) expect(body(`/query?name=${q}`)).not.toContain('"error"');
  });

  test('the entity list: only what reads as an entity (no unnamed one, no child by its own name); at most 200, the first by name', async () => {
    const c = await h.connect(await h.start());
    const listed = async () => (await c.listResources()).resources.map((r) => r.uri).filter((u) => u.startsWith('ecs://entity/')).map((u) => u.slice('ecs://entity/'.length));
    h.host!.world.entity();
    const before = await listed();
    expect(before).toEqual(expect.arrayContaining(['Belt', 'Sun']));
    expect(before).not.toContain('Earth');
    for (const path of before) expect(JSON.parse(body(`/entity/${path}`)).error, path).toBeUndefined();
    // More named top-level entities than one list holds: the list is the first 200 by name.
    for (let i = 0; i < 200; i++) expect(h.host!.router.route('PUT', `/entity/Extra${String(i).padStart(3, '0')}`).status).toBe(200);
    const after = await listed();
    expect(after).toHaveLength(200);
    expect(after).toEqual([...after].sort());
    expect(after).toEqual(expect.arrayContaining(['Belt', 'Extra000']));
    expect(after).not.toContain('Sun');
  });

  test('subscribe: an update after each REST write, none while nothing changes; unsubscribe and session end release the watch', async () => {
    const { base, c, updates } = await pausedClientWithNotices();
    const planets = 'ecs://query/Planets', mars = 'ecs://entity/Sun/Mars';
    await c.subscribeResource({ uri: planets });
    await c.subscribeResource({ uri: mars });
    expect(h.host!.watches.watcherCount).toBe(2);
    const setMarsScale = async (value: number) => {
      const data = encodeURIComponent(JSON.stringify({ ids: [['Scale']], values: [{ value }] }));
      expect((await fetch(`${base}/set/Sun/Mars?data=${data}`, { method: 'PUT' })).status).toBe(200);
    };
    for (let i = 0; i < 5; i++) h.host!.app.step(1 / 60);
    // Notices come in order on one stream: once Mars's arrives, any notice of the unchanged Planets would have come first.
    await setMarsScale(2);
    for (let i = 0; i < 3; i++) h.host!.app.step(1 / 60);
    await expect.poll(() => updates.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(updates).toEqual([mars]);
    // A notice asks the client to read: Mars's next one comes once it has.
    await c.readResource({ uri: mars });
    // Earth leaves Planets when disabled.
    expect((await fetch(`${base}/disable/Sun/Earth`, { method: 'PUT' })).status).toBe(200);
    h.host!.app.step(1 / 60);
    await setMarsScale(3);
    h.host!.app.step(1 / 60);
    await expect.poll(() => updates.filter((u) => u === mars).length, { timeout: 30_000 }).toBe(2);
    expect(updates).toEqual([mars, planets, mars]);
    await c.unsubscribeResource({ uri: planets });
    expect(h.host!.watches.watcherCount).toBe(1);
    await c.subscribeResource({ uri: planets });
    expect(h.host!.watches.watcherCount).toBe(2);
    // The client ends its session (DELETE /mcp): the server closes it and its watches.
    await (c.transport as StreamableHTTPClientTransport).terminateSession();
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(0);
  });

  test('subscribing again to a resource holds its one watch; one unsubscribe releases it; notices come with frames running', async () => {
    const c = await h.connect(await h.startLive());
    const notices: string[] = [];
    c.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => { notices.push(n.params.uri); });
    await c.subscribeResource({ uri: 'ecs://entity/Sun/Earth' });
    await c.subscribeResource({ uri: 'ecs://entity/Sun/Earth' });
    expect(h.host!.watches.watcherCount).toBe(1);
    // Earth moves every frame: a notice comes from the real loop.
    await expect.poll(() => notices.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(notices[0]).toBe('ecs://entity/Sun/Earth');
    await c.unsubscribeResource({ uri: 'ecs://entity/Sun/Earth' });
    expect(h.host!.watches.watcherCount).toBe(0);
  });

  test('an error names the resource it is about; a query URI without a name is refused as REST refuses an empty name', async () => {
    const c = await h.connect(await h.start());
    // The client can tell which of its resources failed: the URI comes back as the error's data.
    // The message is REST's, whole (not its JSON body).
    const rest = JSON.parse(body('/entity/Sun/Nowhere?values=true')).error as string;
    await expect(c.readResource({ uri: 'ecs://entity/Sun/Nowhere' })).rejects.toMatchObject({ code: -32002, message: expect.stringMatching(new RegExp(`: ${rest.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)), data: { uri: 'ecs://entity/Sun/Nowhere' } });
    await expect(c.subscribeResource({ uri: 'ecs://query/Nope' })).rejects.toMatchObject({ code: -32002, data: { uri: 'ecs://query/Nope' } });
    // Only the part before '?' is the name: an empty one is REST's empty name, not a query called '?vars=…'.
    const empty = JSON.parse(body('/query?name=')).error as string;
    await expect(c.readResource({ uri: 'ecs://query/?vars=planet:Sun.Earth' })).rejects.toThrow(empty);
    await expect(c.readResource({ uri: 'ecs://query/?vars=planet:Sun.Earth' })).rejects.toMatchObject({ code: -32602 });
    expect(h.host!.watches.watcherCount).toBe(0);
  });

  test('unsubscribing from a resource never subscribed to is answered and releases nothing', async () => {
    const c = await h.connect(await h.start());
    await c.subscribeResource({ uri: 'ecs://entity/Sun/Earth' });
    await expect(c.unsubscribeResource({ uri: 'ecs://entity/Sun/Mars' })).resolves.toEqual({});
    expect(h.host!.watches.watcherCount).toBe(1);
    await c.unsubscribeResource({ uri: 'ecs://entity/Sun/Earth' });
    expect(h.host!.watches.watcherCount).toBe(0);
  });

  test('the query list: at most 200, the first by name', async () => {
    const c = await h.connect(await h.start());
    for (let i = 0; i < 201; i++) defineQuery(h.host!.world, `Q${String(i).padStart(3, '0')}`, 'Position');
    const queries = (await c.listResources()).resources.map((r) => r.uri).filter((u) => u.startsWith('ecs://query/')).map((u) => u.slice('ecs://query/'.length));
    expect(queries).toHaveLength(200);
    expect(queries).toEqual([...queries].sort());
    // Planets sorts before the Q… queries and stays; ShipsHeadingTo after them all, and is left out.
    expect(queries).toEqual(expect.arrayContaining(['Planets', 'Q000']));
    expect(queries).not.toContain('ShipsHeadingTo');
  });

  test('a change between subscribing and the next frame brings a notice: the first event is compared with what the client read', async () => {
    const { base, c, updates } = await pausedClientWithNotices();
    const setMarsScale = async (value: number) => {
      const data = encodeURIComponent(JSON.stringify({ ids: [['Scale']], values: [{ value }] }));
      expect((await fetch(`${base}/set/Sun/Mars?data=${data}`, { method: 'PUT' })).status).toBe(200);
    };
    const mars = 'ecs://entity/Sun/Mars';
    // A write since the last frame: the watch's first event waits for the next frame.
    await setMarsScale(2);
    await c.subscribeResource({ uri: mars });
    // Changed again after the client's read at subscribe time: that frame's event differs from it.
    await setMarsScale(3);
    h.host!.app.step(1 / 60);
    await expect.poll(() => updates.length, { timeout: 30_000 }).toBe(1);
    expect(updates).toEqual([mars]);
  });
});
