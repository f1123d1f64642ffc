// The explorer's views at 1440×900 and 1024×768, compared with committed baselines, so a layout
// regression fails here instead of waiting for someone to look. Each test gets a host of its own,
// started with --paused on the same seed: no system runs, so every entity, value and alert is
// the same on every run (the statistics too: their windows advance with simulated time); what
// changes only with the machine (fps, frame time, a query's duration, the port in the connection
// label) is masked. Changes go through REST, and time moves only by `step` ticks, which are
// simulated time and so the same on every run.
//
// Baselines: tests/e2e/explorer-screenshots.spec.ts-snapshots/ (one picture per view, size and
// platform). A change of the explorer's look updates them with
// `npx playwright test tests/e2e/explorer-screenshots.spec.ts --update-snapshots` (docs/testing.md).
// With UPDATE_SCREENSHOTS=1 the same run also replaces the pictures of docs/explorer.md in
// docs/screenshots (those are taken unmasked, as a user sees the views).
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { memberField, openExplorer, startHost, type ExtraHost } from './support/explorer';
import { getJson, put } from './support/rest';

const SIZES = [{ width: 1440, height: 900 }, { width: 1024, height: 768 }] as const;
/** The port of each test's own host: fixed, so the pages' address is the same on every run. */
const PORT = Number(process.env.E2E_PORT ?? 27761) + 5;
const SEED = 7;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

let host: ExtraHost | undefined;
test.beforeEach(async () => {
  host = await startHost('ecs-live', PORT, ['--paused', '--seed', String(SEED)]);
});
test.afterEach(async () => {
  await host?.stop();
  host = undefined;
});

/** What differs from run to run with the machine, not with the explorer: painted over in comparisons. */
function volatile(page: Page): Locator[] {
  return [
    page.locator('.title-bar .load'),
    page.getByTestId('connection').locator('.conn-target'),
    page.getByTestId('world-summary').locator('dd', { hasText: /fps|—/ }),
    page.getByTestId('query-duration'),
    // The banner's state (the frame it names) and the history timeline (range, slider) move with every
    // frame, and the state's width moves the timeline: the whole row is masked, so its height still counts.
    page.getByTestId('paused-banner').locator('.banner-main'),
  ];
}

/** Compares the page with its baseline `name`; `docs`: the view is also a picture of docs/explorer.md. */
async function view(page: Page, info: TestInfo, name: string, docs: boolean): Promise<void> {
  await expect(page).toHaveScreenshot(`${name}.png`, { mask: volatile(page), animations: 'disabled', caret: 'hide', timeout: 30_000 });
  if (docs) await docsPicture(page, info, name);
}

/** A picture for docs/explorer.md only (not compared), written with UPDATE_SCREENSHOTS=1. */
async function docsPicture(page: Page, info: TestInfo, name: string): Promise<void> {
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await info.attach(`${name}.png`, { path, contentType: 'image/png' });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    const dir = join(process.cwd(), 'docs', 'screenshots');
    mkdirSync(dir, { recursive: true });
    copyFileSync(path, join(dir, `${name}.png`));
  }
}

/** PUT /set of ecs.app.TimeControl on the World. */
function timeControl(value: { paused?: boolean; step?: number }): string {
  return `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [value] }))}`;
}

/** Console errors and page errors of the test, which must stay empty. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return errors;
}

for (const size of SIZES) {
  test(`the start, an entity, a query and the statistics at ${size.width}×${size.height} look as their baselines (time paused)`, async ({ page }, info) => {
    // Many views in one test: a cap that only stops a hung run on a loaded machine.
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    const errors = errorsOf(page);
    const tag = `${size.width}x${size.height}`;

    // Nothing selected: the World summary.
    let x = await openExplorer(page);
    await expect(x.inspector.getByTestId('entity-count')).toHaveText(/\d/);
    await expect(x.tree.getByRole('treeitem', { name: /^Sun( |$)/ })).toBeVisible();
    await view(page, info, `explorer-start-${tag}`, true);

    // An entity: Earth's components with their values, its relationships, the queries it matches.
    x = await openExplorer(page, '?entity=Sun.Earth');
    await expect(memberField(x, 'Orbit', 'radius')).toBeVisible();
    await view(page, info, `explorer-entity-${tag}`, false);

    // Query results, with a variable and component values.
    x = await openExplorer(page, `?q=${encodeURIComponent('Position, (ChildOf, $p), Planet($p)')}`);
    await expect(x.results.locator('tbody tr').first()).toBeVisible();
    await expect(x.queryPanel.getByTestId('query-count')).toHaveText(/of \d/);
    await view(page, info, `explorer-query-${tag}`, false);

    // The pictures of the docs that are not compared: an entity with a query, why (not)
    // matched, the raw reply, the syntax sheet and a search.
    x = await openExplorer(page, `?entity=Sun.Earth&q=${encodeURIComponent('(ChildOf, $p), Planet($p)')}`);
    await expect(x.results.locator('tbody tr').first()).toBeVisible();
    await docsPicture(page, info, `explorer-inspect-${tag}`);
    x = await openExplorer(page, `?entity=Sun.Earth&q=${encodeURIComponent('Position, Velocity')}`);
    const explain = x.inspector.getByRole('region', { name: 'Why matched or not' });
    await expect(explain.locator('li[data-holds="false"]')).toContainText('Velocity', { timeout: 20_000 });
    await explain.scrollIntoViewIfNeeded();
    await docsPicture(page, info, `explorer-explain-${tag}`);
    await x.inspector.getByRole('button', { name: 'Show the raw reply' }).click();
    await expect(page.getByRole('dialog', { name: 'Raw reply' }).getByTestId('raw-body')).toContainText('"path"');
    await docsPicture(page, info, `explorer-raw-${tag}`);
    await page.getByRole('dialog', { name: 'Raw reply' }).getByRole('button', { name: 'Close' }).click();
    await x.queryPanel.getByRole('button', { name: 'syntax' }).click();
    await expect(x.queryPanel.getByRole('dialog', { name: 'Query syntax' })).toBeVisible();
    await docsPicture(page, info, `explorer-syntax-${tag}`);
    await x.queryPanel.getByRole('button', { name: 'syntax' }).click();
    await page.getByRole('searchbox', { name: 'Search entities' }).fill('ear');
    await expect(x.tree.locator('[data-path="Sun.Earth"] mark').first()).toBeVisible();
    await docsPicture(page, info, `explorer-search-${tag}`);

    // The statistics layout. The monitor's windows advance with simulated time, so a world paused
    // from its start shows the same (empty) samples on every run.
    x = await openExplorer(page, '?layout=stats');
    await expect(x.stats.locator('canvas').first()).toBeVisible();
    await expect(x.stats.locator('.system-table tbody tr').first()).toBeVisible();
    await view(page, info, `explorer-stats-${tag}`, false);
    // The docs picture shows charts with data: time runs until the 1s window is full of frames.
    await put(page.request, timeControl({ paused: false }));
    await expect.poll(async () => {
      const r = await page.request.get('/stats/world/1s');
      return ((await r.json())['performance.delta_time']?.avg as number[] | undefined)?.every((v) => v > 0) ?? false;
    }, { timeout: 30_000 }).toBe(true);
    await docsPicture(page, info, `explorer-stats-${tag}`);
    expect(errors).toEqual([]);
  });
}

const SHIP = 'Ship11';

for (const size of SIZES) {
  test(`building, alerts and references at ${size.width}×${size.height} look as their baselines (time paused)`, async ({ page }, info) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    const errors = errorsOf(page);
    const tag = `${size.width}x${size.height}`;
    const rq = page.request;

    // A ship low on fuel far out in space; two ticks of simulated time let the alert systems
    // raise ShipLowOnFuel (ticks, not seconds: the same on every run).
    await put(rq, `/set/${SHIP}?data=${encodeURIComponent(JSON.stringify({ ids: [['Fuel'], ['Position']], values: [{ value: 1000, capacity: 10_000 }, { x: 5000, y: 0, z: 5000 }] }))}`);
    await put(rq, timeControl({ step: 2 }));
    await expect.poll(async () => (await getJson<{ alerts?: { alert: string }[] }>(rq, `/entity/${SHIP}?alerts=true`)).alerts?.map((a) => a.alert) ?? [],
      { timeout: 30_000 }).toContain('ShipLowOnFuel');
    await expect.poll(async () => JSON.stringify(await getJson(rq, '/entity/ecs/core/World?values=true')), { timeout: 30_000 }).toContain('"step":0');

    // The alerts list from the title bar's badge.
    const x = await openExplorer(page);
    await page.getByTestId('alerts-badge').click();
    const alerts = page.getByRole('region', { name: 'Alerts', exact: true });
    await expect(alerts.locator('tr', { hasText: `${SHIP} is low on fuel` })).toBeVisible({ timeout: 15_000 });
    await view(page, info, `explorer-alerts-${tag}`, true);
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
    await view(page, info, `explorer-build-${tag}`, true);

    // Referenced by (a docs picture only): a planet some ship is travelling to lists it.
    const heading = await getJson<{ results: { variables: string[] }[] }>(rq, `/query?q=${encodeURIComponent('(TravellingTo, $p)')}&limit=1`);
    const planet = heading.results[0]!.variables[0]!;
    const y = await openExplorer(page, `?entity=${planet}`);
    const refs = y.inspector.locator('dl[aria-label="Referenced by"]');
    await expect(refs.getByRole('term')).toContainText(['TravellingTo'], { timeout: 15_000 });
    await refs.scrollIntoViewIfNeeded();
    await docsPicture(page, info, `explorer-references-${tag}`);
    expect(errors).toEqual([]);
  });
}
