// Watches and time control in Chromium against the running demo: a page's EventSource sees a PUT
// within 2 frames (the PUT's ECS-Frame header and the events' ids count frames), a disabled ship leaves a watched
// query in the explorer, pausing freezes bodies while statistics go on, stepping runs exactly one
// tick, and the explorer works with watches and, against a server without them, by polling.
import { expect, test, type Page } from '@playwright/test';
import { openExplorer } from './support/explorer';
import { getJson, put } from './support/rest';

interface EntityBody { ids: string[][]; values: unknown[] }

const TIME = (value: object) => `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [value] }))}`;
const SET_POSITION = (path: string, x: number) => `/set/${path}?data=${encodeURIComponent(JSON.stringify({ ids: [['Position']], values: [{ x }] }))}`;

function valueOf<T>(body: EntityBody, id: string): T {
  const i = body.ids.findIndex((x) => x.length === 1 && x[0] === id);
  expect(i, `${id} on the entity`).toBeGreaterThanOrEqual(0);
  return body.values[i] as T;
}

async function simulationTime(page: Page): Promise<number> {
  const world = await getJson<EntityBody>(page.request, '/entity/ecs/core/World?values=true');
  return valueOf<{ simulation_time_total: number }>(world, 'ecs.monitor.WorldSummary').simulation_time_total;
}

test.afterEach(async ({ page }) => {
  // Leave the shared host as the other specs expect it: running at full speed, Ship4 enabled (viewport.spec deletes Ship1).
  await put(page.request, TIME({ paused: false, step: 0, time_scale: 1 }));
  await put(page.request, '/enable/Ship4');
});

test('a page watching a ship sees a PUT within 2 frames', async ({ page }) => {
  await page.goto('/explorer/');
  // In the page: watch Ship2; after its first event, PUT a new position. The PUT's reply says in
  // which frame it landed (ECS-Frame), each event in which frame it was made (its id).
  const result = await page.evaluate(async ({ putUrl }) => {
    const ship = new EventSource('/watch/entity/Ship2?values=true');
    try {
      let sent = false;
      let put: Promise<Response> | undefined;
      const seen = await new Promise<number>((resolve, reject) => {
        setTimeout(() => reject(new Error('no Ship2 event with the new value')), 20_000);
        const onShip = (e: MessageEvent<string>) => {
          if (!sent) { sent = true; put = fetch(putUrl, { method: 'PUT' }); return; }
          // x is 555 plus at most a frame of motion: in a delta as [old, new], in a full reply as a member.
          if (/"x":(\[[^\]]*,)?55\d(\.\d+)?[\],}]/.test(e.data)) resolve(parseInt(e.lastEventId, 10)); // the id is <frame>@<host ms>
        };
        ship.addEventListener('full', onShip as EventListener);
        ship.addEventListener('diff', onShip as EventListener);
      });
      const reply = await put!;
      return { status: reply.status, landed: Number(reply.headers.get('ECS-Frame')), seen };
    } finally {
      ship.close();
    }
  }, { putUrl: SET_POSITION('Ship2', 555) });
  expect(result.status).toBe(200);
  expect(result.landed).toBeGreaterThan(0);
  expect(result.seen - result.landed).toBeGreaterThanOrEqual(1);
  expect(result.seen - result.landed).toBeLessThanOrEqual(2);
});

test('the explorer follows a query by watch; a disabled ship leaves its results', async ({ page }) => {
  const x = await openExplorer(page);
  await x.queryBox.fill('Engine');
  await x.queryBox.press('Enter');
  await x.queryPanel.getByRole('checkbox', { name: 'live' }).check();
  await expect(x.queryPanel.locator('.results-bar')).toHaveAttribute('data-live', 'watch');
  await expect(x.results.getByRole('link', { name: 'Ship4', exact: true })).toBeVisible();
  await put(page.request, '/disable/Ship4');
  await expect(x.results.getByRole('link', { name: 'Ship4', exact: true })).toHaveCount(0);
  await expect(x.results.getByRole('link', { name: 'Ship2', exact: true })).toBeVisible();
});

test('pausing stops bodies while statistics keep sampling; a step runs exactly one tick', async ({ page }) => {
  await put(page.request, TIME({ paused: true }));
  const before = await getJson<EntityBody>(page.request, '/entity/Ship3?values=true');
  const stats1 = await getJson(page.request, '/stats/world/1s');
  const t0 = await simulationTime(page);
  await expect.poll(async () => JSON.stringify(await getJson(page.request, '/stats/world/1s')), { timeout: 10_000 }).not.toBe(JSON.stringify(stats1));
  const after = await getJson<EntityBody>(page.request, '/entity/Ship3?values=true');
  expect(valueOf(after, 'Position')).toEqual(valueOf(before, 'Position'));
  expect(await simulationTime(page)).toBe(t0);

  await put(page.request, TIME({ step: 1 }));
  await expect.poll(async () => valueOf<{ step: number }>(await getJson<EntityBody>(page.request, '/entity/ecs/core/World?values=true'), 'ecs.app.TimeControl').step, { timeout: 10_000 })
    .toBe(0);
  const t1 = await simulationTime(page);
  expect(t1 - t0).toBeCloseTo(1 / 60, 9);
  const moved = await getJson<EntityBody>(page.request, '/entity/Ship3?values=true');
  expect(valueOf(moved, 'Position')).not.toEqual(valueOf(before, 'Position'));
  // And no further: still paused after more frames have run (each frame changes the 1s statistics;
  // frames are counted this way, not waited for on a timer).
  for (let i = 0; i < 3; i++) {
    const seen = JSON.stringify(await getJson(page.request, '/stats/world/1s'));
    await expect.poll(async () => JSON.stringify(await getJson(page.request, '/stats/world/1s')), { timeout: 30_000 }).not.toBe(seen);
  }
  expect(await simulationTime(page)).toBe(t1);
});

test('the explorer time controls pause and resume; the viewport shows the paused state and speed', async ({ page, context }) => {
  const x = await openExplorer(page);
  const controls = page.getByRole('group', { name: 'Time control' });
  await controls.getByRole('button', { name: /pause/ }).click();
  await expect(controls).toHaveAttribute('data-paused', 'true');
  expect(valueOf<{ paused: boolean }>(await getJson<EntityBody>(page.request, '/entity/ecs/core/World?values=true'), 'ecs.app.TimeControl').paused).toBe(true);
  await controls.getByRole('combobox').selectOption('0.5');
  await expect(controls).toHaveAttribute('data-speed', '0.5');
  const viewport = await context.newPage();
  await viewport.goto('/viewport/');
  await expect(viewport.locator('.hud-time')).toHaveText(/paused · speed 0\.5×/, { timeout: 15_000 });
  await controls.getByRole('button', { name: /play/ }).click();
  await expect(controls).toHaveAttribute('data-paused', 'false');
  await expect(viewport.locator('.hud-time')).toHaveText(/speed 0\.5×/);
  await viewport.close();
  await expect(x.title).toBeVisible();
});

test('the inspector plots a member live from its watch', async ({ page }) => {
  const x = await openExplorer(page, '?entity=Ship2');
  await expect(x.inspector.locator('.entity')).toHaveAttribute('data-live', 'watch');
  const position = x.inspector.getByRole('group', { name: 'Position' });
  await position.getByRole('button', { name: 'plot' }).first().click();
  const plot = x.inspector.locator('.member-plot');
  await expect(plot).toContainText('Position.x');
  await expect(plot).toContainText('live');
  await expect.poll(async () => Number((await plot.locator('.count').textContent())?.match(/(\d+) samples/)?.[1] ?? 0), { timeout: 10_000 }).toBeGreaterThan(5);
});

test('against a server without watches the explorer polls', async ({ page }) => {
  // A server without watches has no /watch/ paths in its OpenAPI description (or none at all).
  await page.route('**/openapi.json', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"unknown endpoint"}' }));
  const watches: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/watch/')) watches.push(r.url()); });
  const x = await openExplorer(page, '?entity=Ship2');
  await expect(x.inspector.locator('.entity')).toHaveAttribute('data-live', 'poll');
  const field = x.inspector.getByRole('group', { name: 'Position' }).getByRole('textbox').first();
  const first = await field.inputValue();
  await expect.poll(() => field.inputValue(), { timeout: 10_000 }).not.toBe(first);
  expect(watches).toEqual([]);
});
