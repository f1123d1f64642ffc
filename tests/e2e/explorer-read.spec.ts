// Reading the World at a glance: numbers rounded with the full value on focus, colors as a
// swatch with a picker, relationships as links, a World summary when nothing is selected, clear
// layout and panel switches, Delete that asks first, and no console error at 1440×900 and 1024×768.
import { expect, test, type Page } from '@playwright/test';
import { componentCard, memberField, memberValue, openExplorer } from './support/explorer';
import { getJson } from './support/rest';

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return errors;
}

test('numbers read rounded and show the full value on focus; a color has a picker', async ({ page }) => {
  const speed = await memberValue(page, 'Sun.Earth', 'Orbit', 'speed') as number;
  expect(String(speed).replace(/^0\.|\./, '').length).toBeGreaterThan(4);
  const x = await openExplorer(page, '?entity=Sun.Earth');
  const field = memberField(x, 'Orbit', 'speed');
  await expect(field).toHaveValue(String(Number(speed.toPrecision(4))));
  await field.focus();
  await expect(field).toHaveValue(String(speed));
  await field.press('Escape');

  const color = await getJson<{ ids: string[][]; values: Record<string, number>[] }>(page.request, '/entity/Sun/Earth?values=true');
  const c = color.values[color.ids.findIndex((id) => id[0] === 'Color')]!;
  const hex = `#${[c.r!, c.g!, c.b!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  await expect(componentCard(x, 'Color').getByLabel('Pick a color')).toHaveValue(hex);
});

test('relationships are links: parent, IsA and other pairs', async ({ page }) => {
  const x = await openExplorer(page, '?entity=Sun.Earth.Moon');
  const relations = x.inspector.getByRole('definition').first();
  await expect(relations.getByRole('link', { name: 'Sun.Earth', exact: true })).toBeVisible();
  await relations.getByRole('link', { name: 'Sun.Earth', exact: true }).click();
  await expect(x.inspector.getByTitle('Path', { exact: true })).toHaveText('Sun.Earth');

  await page.goto('/explorer/?entity=Ship1');
  const list = x.inspector.locator('dl.relations');
  await expect(list.getByRole('link', { name: 'SpaceShip', exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: 'TravellingTo', exact: true })).toBeVisible();
});

test('with nothing selected the inspector summarises the World; switches show their state', async ({ page }) => {
  const total = (await getJson<{ count: number }>(page.request, `/query?q=${encodeURIComponent('?ecs.core.Disabled, ?ecs.core.Prefab, ?ecs.core.Component, ?ecs.core.Module, ?ecs.core.Query')}&count=true&limit=0`)).count;
  const x = await openExplorer(page);
  const summary = x.inspector.getByTestId('world-summary');
  await expect(summary.getByRole('heading', { level: 3 })).toHaveText('e2e-demo');
  await expect.poll(async () => Number((await summary.getByTestId('entity-count').innerText()).replace(/,/g, '')), { timeout: 30_000 }).toBeGreaterThanOrEqual(total - 50);
  await expect(summary.getByText(/\d+(\.\d)? fps/)).toBeVisible();
  // Opened entities are listed there next time.
  await x.tree.locator('[data-path="Sun"]').click();
  await x.inspector.getByTitle('Close (clear the selection)').click();
  await expect(summary.getByRole('link', { name: 'Sun', exact: true })).toBeVisible();

  const query = page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Query' });
  await expect(query).toHaveAttribute('aria-pressed', 'true');
  await query.click();
  await expect(query).toHaveAttribute('aria-pressed', 'false');
  await expect(x.queryPanel).toHaveCount(0);
  await query.click();
  await expect(x.queryPanel).toBeVisible();
});

test('Delete asks first; Cancel keeps the entity', async ({ page }) => {
  const x = await openExplorer(page, '?entity=Sun.Neptune.Triton');
  await x.inspector.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete entity' });
  await expect(dialog).toContainText('Sun.Neptune.Triton');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await page.request.get('/entity/Sun/Neptune/Triton')).status()).toBe(200);
});

for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 768 }]) {
  test(`every view works with no console error at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    const errors = consoleErrors(page);
    const x = await openExplorer(page, '?entity=Sun.Earth&q=(ChildOf, $p), Planet($p)');
    await expect(x.results.locator('tbody tr').first()).toBeVisible();
    // The inspector's number fields stay wide enough to read.
    const box = await memberField(x, 'Orbit', 'radius').boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(80);
    await page.getByRole('searchbox', { name: 'Search entities' }).fill('earth');
    await expect(x.tree.locator('[data-path="Sun.Earth"] mark').first()).toBeVisible();
    await page.getByRole('tablist', { name: 'Layout' }).getByRole('tab', { name: 'Statistics' }).click();
    await expect(x.stats.locator('canvas').first()).toBeVisible();
    await page.getByRole('tablist', { name: 'Layout' }).getByRole('tab', { name: 'Explore' }).click();
    await expect(x.inspector.getByRole('heading', { level: 3 })).toBeVisible();
    expect(errors).toEqual([]);
  });
}
