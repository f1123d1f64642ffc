// Each view of the explorer at 1440×900 and 1024×768 opens with its content and no console error.
// The pictures are documentation, not a check: they are never compared with a baseline (the views
// show live numbers, fps and charts that differ from run to run). They go to the test's output
// folder; with UPDATE_SCREENSHOTS=1 they also replace the pictures of docs/explorer.md in docs/screenshots.
// The views of world building, alerts and references are taken with time paused (frames go on,
// no system runs), so nothing moves between setting them up and the picture.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { memberField, openExplorer } from './support/explorer';
import { getJson, put } from './support/rest';

const SIZES = [{ width: 1440, height: 900 }, { width: 1024, height: 768 }] as const;

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await info.attach(`${name}.png`, { path, contentType: 'image/png' });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    const dir = join(process.cwd(), 'docs', 'screenshots');
    mkdirSync(dir, { recursive: true });
    copyFileSync(path, join(dir, `${name}.png`));
  }
}

for (const size of SIZES) {
  test(`screenshots of every view at ${size.width}×${size.height}`, async ({ page }, info) => {
    // Many views in one test: a cap that only stops a hung run on a loaded machine.
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    const tag = `${size.width}x${size.height}`;

    // Nothing selected: the World summary.
    let x = await openExplorer(page);
    await expect(x.inspector.getByTestId('entity-count')).toHaveText(/\d/);
    await expect(x.inspector.getByText(/\d+(\.\d)? fps/)).toBeVisible();
    await shot(page, info, `explorer-summary-${tag}`);

    // An entity and a query.
    x = await openExplorer(page, `?entity=Sun.Earth&q=${encodeURIComponent('(ChildOf, $p), Planet($p)')}`);
    await expect(memberField(x, 'Orbit', 'radius')).toBeVisible();
    await expect(x.results.locator('tbody tr').first()).toBeVisible();
    await shot(page, info, `explorer-inspect-${tag}`);

    // Why (not) matched: Sun.Earth against Position, Velocity, the failing step in view.
    x = await openExplorer(page, `?entity=Sun.Earth&q=${encodeURIComponent('Position, Velocity')}`);
    const explain = x.inspector.getByRole('region', { name: 'Why matched or not' });
    await expect(explain.locator('li[data-holds="false"]')).toContainText('Velocity', { timeout: 20_000 });
    await explain.scrollIntoViewIfNeeded();
    await shot(page, info, `explorer-explain-${tag}`);

    // The raw reply of the inspector, and the query syntax sheet.
    await x.inspector.getByRole('button', { name: 'Show the raw reply' }).click();
    await expect(page.getByRole('dialog', { name: 'Raw reply' }).getByTestId('raw-body')).toContainText('"path"');
    await shot(page, info, `explorer-raw-${tag}`);
    await page.getByRole('dialog', { name: 'Raw reply' }).getByRole('button', { name: 'Close' }).click();
    await x.queryPanel.getByRole('button', { name: 'syntax' }).click();
    await expect(x.queryPanel.getByRole('dialog', { name: 'Query syntax' })).toBeVisible();
    await shot(page, info, `explorer-syntax-${tag}`);
    await x.queryPanel.getByRole('button', { name: 'syntax' }).click();

    // A search in the tree.
    await page.getByRole('searchbox', { name: 'Search entities' }).fill('ear');
    await expect(x.tree.locator('[data-path="Sun.Earth"] mark').first()).toBeVisible();
    await shot(page, info, `explorer-search-${tag}`);

    // The statistics layout, once the charts have a few seconds of data.
    await page.getByRole('tablist', { name: 'Layout' }).getByRole('tab', { name: 'Statistics' }).click();
    await expect(x.stats.locator('canvas').first()).toBeVisible();
    // For the picture: charts over a full 1s window (the server has sampled all 60 frames).
    await expect.poll(async () => {
      const r = await page.request.get('/stats/world/1s');
      return ((await r.json())['performance.delta_time']?.avg as number[] | undefined)?.every((v) => v > 0) ?? false;
    }, { timeout: 30_000 }).toBe(true);
    await shot(page, info, `explorer-stats-${tag}`);
    expect(errors).toEqual([]);
  });
}

const SHIP = 'Ship11';
type Xyz = { x: number; y: number; z: number };

/** PUT /set of ecs.app.TimeControl on the World. */
function timeControl(paused: boolean): string {
  return `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused }] }))}`;
}

function setShip(fuel: { value: number; capacity: number }, position: Xyz): string {
  return `/set/${SHIP}?data=${encodeURIComponent(JSON.stringify({ ids: [['Fuel'], ['Position']], values: [fuel, position] }))}`;
}

for (const size of SIZES) {
  test(`screenshots of building, alerts and references at ${size.width}×${size.height}, time paused`, async ({ page }, info) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    const tag = `${size.width}x${size.height}`;
    const rq = page.request;
    const ship = await getJson<{ ids: string[][]; values: unknown[] }>(rq, `/entity/${SHIP}?values=true`);
    const fuel = ship.values[ship.ids.findIndex((id) => id[0] === 'Fuel')] as { value: number; capacity: number };
    const position = ship.values[ship.ids.findIndex((id) => id[0] === 'Position')] as Xyz;
    await rq.put('/delete/Probe');
    try {
      // A ship low on fuel far out in space raises ShipLowOnFuel (the alert systems run only while
      // time runs); then time stops.
      await put(rq, setShip({ value: 1000, capacity: 10_000 }, { x: 5000, y: 0, z: 5000 }));
      await expect.poll(async () => (await getJson<{ alerts?: { alert: string }[] }>(rq, `/entity/${SHIP}?alerts=true`)).alerts?.map((a) => a.alert) ?? [],
        { timeout: 30_000 }).toContain('ShipLowOnFuel');
      await put(rq, timeControl(true));

      // The alerts list from the title bar's badge.
      const x = await openExplorer(page);
      await page.getByTestId('alerts-badge').click();
      const alerts = page.getByRole('region', { name: 'Alerts', exact: true });
      await expect(alerts.locator('tr', { hasText: `${SHIP} is low on fuel` })).toBeVisible({ timeout: 15_000 });
      await shot(page, info, `explorer-alerts-${tag}`);
      await page.getByTestId('alerts-badge').click();
      await expect(alerts).toBeHidden();

      // Build: a root entity made from the Build section, a component added with a value; the
      // Undo button names the last step.
      const build = x.inspector.locator('section.build');
      await build.getByLabel('Name of a new root entity').fill('Probe');
      await build.getByRole('button', { name: 'Create at root' }).click();
      await expect(page).toHaveURL(/entity=Probe\b/, { timeout: 15_000 });
      await build.getByLabel('Component, tag or pair to add').fill('Fuel');
      await build.getByLabel('Value as JSON (optional)').fill('{"value": 42.5, "capacity": 80}');
      await build.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(build.getByRole('button', { name: 'Remove Fuel' })).toBeVisible({ timeout: 15_000 });
      await build.getByLabel('Component, tag or pair to add').fill('(TravellingTo, Sun.Earth)');
      await build.scrollIntoViewIfNeeded();
      await shot(page, info, `explorer-build-${tag}`);

      await put(rq, '/delete/Probe');

      // Referenced by: a planet some ship is travelling to lists it.
      const heading = await getJson<{ results: { variables: string[] }[] }>(rq, `/query?q=${encodeURIComponent('(TravellingTo, $p)')}&limit=1`);
      const planet = heading.results[0]!.variables[0]!;
      const y = await openExplorer(page, `?entity=${planet}`);
      const refs = y.inspector.locator('dl[aria-label="Referenced by"]');
      await expect(refs.getByRole('term')).toContainText(['TravellingTo'], { timeout: 15_000 });
      await refs.scrollIntoViewIfNeeded();
      await shot(page, info, `explorer-references-${tag}`);
      expect(errors).toEqual([]);
    } finally {
      await rq.put('/delete/Probe');
      await rq.put(timeControl(false));
      await rq.put(setShip(fuel, position));
    }
  });
}
