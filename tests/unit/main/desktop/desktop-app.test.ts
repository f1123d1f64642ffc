// The Electron entry's wiring (src/main/desktop) run under Node with a stand-in for the `electron`
// module: the host on the argv port, the viewport window, the View → Explorer menu, the IPC
// handlers behind the preload bridge, the CSP header, a port in use, and quitting.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { startDesktopApp, type DesktopApp } from '../../../../src/main/desktop';
import { PAGE_CSP } from '../../../../src/main/http';
import { HOST_CHANNELS } from '../../../../src/shared/protocol';
import { fakeElectron, type FakeElectron } from './fake-electron';

const PATHS = { rendererDir: '/app/out/renderer', preload: '/app/out/preload/index.cjs' };

/** A port that was free a moment ago (the OS picks it). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

let running: { electron: FakeElectron; desktop: DesktopApp } | undefined;
let blocker: Server | undefined;

afterEach(async () => {
  if (running && running.electron.exitCode === undefined) {
    running.electron.app.quit();
    await running.electron.exited;
  }
  running = undefined;
  await new Promise((r) => (blocker ? blocker.close(r) : r(undefined)));
  blocker = undefined;
});

/** Starts the desktop app on `port` with the stand-in, as `electron . --port <port> …` would. */
async function start(port: number, extra: string[] = [], titled = true) {
  const electron = fakeElectron();
  const title = titled ? ['--title', 'Desk Test'] : [];
  const desktop = startDesktopApp(electron, ['/usr/bin/electron', '.', '--port', String(port), ...title, '--asteroids', '40', ...extra], PATHS);
  running = { electron, desktop };
  await desktop.ready;
  return { electron, desktop };
}

describe('the desktop app (Electron entry) under a stand-in for electron', () => {
  test('serves the REST interface on the port from the command line, with the title as the World name', async () => {
    const port = await freePort();
    const { desktop } = await start(port);
    expect(desktop.urls()?.rest).toBe(`http://127.0.0.1:${port}`);
    const r = await fetch(`http://127.0.0.1:${port}/entity/ecs/core/World?label=true`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { label: string }).label).toBe('Desk Test');
  });

  test('opens one viewport window titled with the app title, sandboxed and context-isolated, that keeps its title', async () => {
    const { electron } = await start(await freePort());
    expect(electron.windows).toHaveLength(1);
    const [viewport] = electron.windows;
    expect(viewport!.options.title).toBe('Desk Test');
    expect(viewport!.options.webPreferences).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, preload: PATHS.preload });
    expect(viewport!.loaded).toEqual([{ file: '/app/out/renderer/viewport/index.html', options: undefined }]);
    // A page <title> must not replace the app title.
    expect(viewport!.emit('page-title-updated')).toBe(true);
  });

  test('a packaged app reads its options right after the binary', async () => {
    const port = await freePort();
    const electron = fakeElectron({ packaged: true });
    const desktop = startDesktopApp(electron, ['/opt/ECS Live/ecs-live', '--port', String(port), '--title', 'Packaged'], PATHS);
    running = { electron, desktop };
    await desktop.ready;
    expect(desktop.options).toMatchObject({ port, title: 'Packaged' });
    expect(desktop.urls()?.rest).toBe(`http://127.0.0.1:${port}`);
  });

  test('without --title the window is titled with the app name', async () => {
    const { electron } = await start(await freePort(), [], false);
    expect(electron.windows[0]!.options.title).toBe('ECS Live');
  });

  test('--headless opens no window', async () => {
    const { electron } = await start(await freePort(), ['--headless']);
    expect(electron.windows).toHaveLength(0);
  });

  test('View → Explorer opens an explorer window, and the second time focuses it instead of opening another', async () => {
    const { electron } = await start(await freePort());
    const explorerItem = electron.menuItem('View', 'Explorer');
    expect(explorerItem.accelerator).toBe('CmdOrCtrl+E');
    explorerItem.click!();
    expect(electron.windows).toHaveLength(2);
    const explorer = electron.windows[1]!;
    expect(explorer.options.title).toBe('Desk Test — Explorer');
    expect(explorer.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(explorer.loaded[0]!.file).toBe('/app/out/renderer/explorer/index.html');
    expect(explorer.focused).toBe(0);
    explorerItem.click!();
    expect(electron.windows).toHaveLength(2);
    expect(explorer.focused).toBe(1);
    // Once closed, the menu opens a new one.
    explorer.emit('closed');
    explorerItem.click!();
    expect(electron.windows).toHaveLength(3);
  });

  test('the bridge asks to open the explorer at an entity: the window shows it; a non-string path is ignored', async () => {
    const { electron } = await start(await freePort());
    electron.send(HOST_CHANNELS.openExplorer, 'Sun.Earth');
    expect(electron.windows[1]!.loaded[0]).toEqual({ file: '/app/out/renderer/explorer/index.html', options: { search: 'entity=Sun.Earth' } });
    electron.send(HOST_CHANNELS.openExplorer, { toString: () => 'x' });
    expect(electron.windows).toHaveLength(2);
    expect(electron.windows[1]!.loaded).toHaveLength(1);
    expect(electron.windows[1]!.focused).toBe(1);
  });

  test('IPC request answers through the REST router, as HTTP does', async () => {
    const port = await freePort();
    const { electron } = await start(port);
    const ipc = (await electron.invoke(HOST_CHANNELS.request, 'GET', '/entity/Sun/Earth')) as { status: number; body: string };
    const http = await fetch(`http://127.0.0.1:${port}/entity/Sun/Earth`);
    expect(ipc.status).toBe(200);
    expect(JSON.parse(ipc.body)).toEqual(await http.json());
    const missing = (await electron.invoke(HOST_CHANNELS.request, 'get', '/entity/NoSuchThing')) as { status: number; body: string };
    expect(missing.status).toBe(404);
    const put = (await electron.invoke(HOST_CHANNELS.request, 'PUT', '/disable/Sun/Earth')) as { status: number };
    expect(put.status).toBe(200);
    const after = (await (await fetch(`http://127.0.0.1:${port}/entity/Sun/Earth`)).json()) as { tags?: string[]; ids?: unknown[] };
    expect(JSON.stringify(after)).toContain('Disabled');
  });

  test('IPC request for a file (the history export) says to fetch it over HTTP instead of answering an empty reply', async () => {
    const port = await freePort();
    const { electron } = await start(port, ['--history', '5']);
    const r = (await electron.invoke(HOST_CHANNELS.request, 'GET', '/history/export')) as { status: number; body: string };
    expect(r.status).toBe(501);
    expect((JSON.parse(r.body) as { error: string }).error).toBe('GET /history/export sends a file, which the desktop bridge does not carry: request it over HTTP from the REST URL');
    // Over HTTP the same request gives the file.
    const http = await fetch(`http://127.0.0.1:${port}/history/export`);
    expect(http.status).toBe(200);
    expect((await http.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  test('IPC request refuses bad arguments with a 400 that says why, and they never reach the router', async () => {
    const { electron, desktop } = await start(await freePort());
    const answer = vi.spyOn(desktop.host, 'answer');
    for (const [method, url, why] of [
      [42, '/entity/Sun', /method 42 is not one of GET, PUT, DELETE, HEAD, OPTIONS/],
      ['PATCH', '/entity/Sun', /method "PATCH" is not one of/],
      ['PUT', 'http://elsewhere/disable/Sun', /url must be a request target starting with '\/'/],
      ['GET', undefined, /url must be a request target/],
      ['GET', `/${'a'.repeat(70_000)}`, /at most 65536 characters/],
    ] as const) {
      const r = (await electron.invoke(HOST_CHANNELS.request, method, url)) as { status: number; body: string };
      expect(r.status, String(method)).toBe(400);
      expect(JSON.parse(r.body).error).toMatch(why);
    }
    expect(answer).not.toHaveBeenCalled();
  });

  test('IPC appInfo gives the title and the URLs; framesReady hands the sender a frame port', async () => {
    const port = await freePort();
    const { electron } = await start(port);
    expect(await electron.invoke(HOST_CHANNELS.appInfo)).toEqual({ title: 'Desk Test', restUrl: `http://127.0.0.1:${port}`, explorerUrl: `http://127.0.0.1:${port}/explorer/` });
    const posted: { channel: string; transfer: unknown[] }[] = [];
    electron.send(HOST_CHANNELS.framesReady, undefined, { postMessage: (channel: string, _m: unknown, transfer: unknown[]) => posted.push({ channel, transfer }) });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.channel).toBe(HOST_CHANNELS.framesPort);
    expect(posted[0]!.transfer).toEqual([electron.channels[0]!.port2]);
    // The host's end of the channel is subscribed: the next frames reach it, scene description first.
    await vi.waitFor(() => expect(electron.channels[0]!.port1.sent.length).toBeGreaterThan(1), { timeout: 15_000 });
    expect(typeof electron.channels[0]!.port1.sent[0]).toBe('string');
  });

  test('every response gets the Content-Security-Policy header, other headers kept', async () => {
    const { electron } = await start(await freePort());
    const out = electron.headersFor({ 'X-Other': ['1'] });
    expect(out).toEqual({ 'X-Other': ['1'], 'Content-Security-Policy': [PAGE_CSP] });
    expect(PAGE_CSP).toContain("default-src 'self'");
  });

  test('a port already in use: the error is shown in a dialog naming the port, and the app exits 1', async () => {
    blocker = createServer((s) => s.end('still mine'));
    await new Promise<void>((r) => blocker!.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const { electron } = await start(port);
    expect(await electron.exited).toBe(1);
    expect(electron.errorBoxes).toEqual([{ title: 'Desk Test', content: expect.stringContaining(`port ${port} is already in use`) }]);
    expect(electron.windows).toHaveLength(0);
  });

  test('quitting stops the host before the process exits, and frees the port', async () => {
    const port = await freePort();
    const { electron, desktop } = await start(port);
    expect(desktop.host.app.isRunning).toBe(true);
    electron.app.quit();
    expect(await electron.exited).toBe(0);
    expect(desktop.host.app.isRunning).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/entity/Sun`)).rejects.toThrow();
    const again = createServer();
    await new Promise<void>((resolve, reject) => { again.once('error', reject); again.listen(port, '127.0.0.1', resolve); });
    await new Promise((r) => again.close(r));
  });

  test('closing the last window quits (unless headless)', async () => {
    const { electron } = await start(await freePort());
    electron.emitApp('window-all-closed');
    expect(await electron.exited).toBe(0);
  });
});
