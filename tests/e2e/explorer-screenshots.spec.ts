// Each view of the explorer at 1440×900 and 1024×768 opens with its content and no console error.
// The pictures are documentation, not a check: they are never compared with a baseline (the views
// show live numbers, fps and charts that differ from run to run). They go to the test's output
// folder; with UPDATE_SCREENSHOTS=1 they also replace the README's pictures in docs/screenshots.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { memberField, openExplorer } from './support/explorer';

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
