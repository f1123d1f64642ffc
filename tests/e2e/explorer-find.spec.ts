// Finding things in the entity tree: a case-insensitive search over names, labels and paths with
// the matches' ancestors shown, arrows only where there are children, components, tags and
// modules under headings of their own, and one order on every load.
import { expect, test, type Locator } from '@playwright/test';
import { expandRow, openExplorer, treeRow, type ExplorerPage } from './support/explorer';
import { getJson } from './support/rest';

function search(x: ExplorerPage): Locator {
  return x.page.getByRole('searchbox', { name: 'Search entities' });
}

test('searching "earth" finds Sun.Earth with its ancestor, the text highlighted', async ({ page }) => {
  const x = await openExplorer(page);
  for (const text of ['earth', 'EAR']) {
    await search(x).fill(text);
    const earth = x.tree.locator('[role=treeitem][data-path="Sun.Earth"]');
    await expect(earth).toBeVisible();
    await expect(earth.locator('mark').first()).toHaveText(new RegExp(`^${text}$`, 'i'));
    // Its parent is shown above it, open.
    const sun = x.tree.locator('[role=treeitem][data-path="Sun"]');
    await expect(sun).toHaveAttribute('aria-expanded', 'true');
    await expect(sun).toHaveAttribute('aria-level', '1');
    await expect(earth).toHaveAttribute('aria-level', '2');
  }
  // A doc label finds its entity too (the Sun's label).
  const label = (await getJson<{ label: string }>(page.request, '/entity/Sun?label=true')).label;
  await search(x).fill(label.toLowerCase());
  await expect(x.tree.locator('[role=treeitem][data-path="Sun"] mark')).toHaveText(label, { ignoreCase: true });
  // Clicking a match opens it.
  await search(x).fill('earth');
  await x.tree.locator('[role=treeitem][data-path="Sun.Earth"]').click();
  await expect(x.inspector.getByTitle('Path', { exact: true })).toHaveText('Sun.Earth');
});

test('arrows only on entities with children; components, tags and modules under headings', async ({ page }) => {
  const x = await openExplorer(page);
  const sun = treeRow(x, 'Sun', 1);
  await expect(sun.getByTestId('tree-toggle')).toBeVisible();
  await expandRow(sun);
  const mercury = treeRow(x, 'Mercury', 2);
  await expect(mercury).toBeVisible();
  // Mercury has no moons: no arrow, and no expanded state to announce.
  await expect(mercury.getByTestId('tree-toggle')).toHaveCount(0);
  expect(await mercury.getAttribute('aria-expanded')).toBeNull();
  await expect(treeRow(x, 'Earth', 2).getByTestId('tree-toggle')).toBeVisible();

  // Components are not mixed with the entities at the root.
  await expect(x.tree.locator('[role=treeitem][aria-level="1"][data-path="Position"]')).toHaveCount(0);
  for (const heading of ['Components', 'Tags and relationships', 'Systems and queries', 'Modules']) {
    await expect(x.tree.locator('[data-group]').filter({ hasText: heading })).toBeVisible();
  }
  const components = x.tree.locator('[data-group]').filter({ hasText: 'Components' });
  await components.click();
  await expect(components).toHaveAttribute('aria-expanded', 'true');
  await expect(x.tree.locator('[role=treeitem][aria-level="2"][data-path="Position"]')).toBeVisible();
});

test('the tree has the same order across reloads, with many unnamed entities in one group', async ({ page }) => {
  const x = await openExplorer(page);
  const order = async () => {
    await expect(x.tree.locator('[data-path="Sun"]')).toBeVisible();
    if ((await treeRow(x, 'Sun', 1).getAttribute('aria-expanded')) !== 'true') await expandRow(treeRow(x, 'Sun', 1));
    await expect(treeRow(x, 'Earth', 2)).toBeVisible();
    return x.tree.locator('[role=treeitem]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.path));
  };
  const first = await order();
  // Named children by name: Earth before Neptune; Ship2 before Ship10.
  expect(first.indexOf('Sun.Earth')).toBeLessThan(first.indexOf('Sun.Neptune'));
  expect(first.indexOf('Ship2')).toBeLessThan(first.indexOf('Ship10'));
  await page.reload();
  expect(await order()).toEqual(first);
  await page.reload();
  expect(await order()).toEqual(first);

  // The demo's thousands of anonymous asteroids live under the Belt: one row with their count,
  // paged inside, instead of thousands of rows.
  await expandRow(treeRow(x, 'Belt', 1));
  const group = x.tree.locator('[data-group][data-path="Belt#anon"]');
  await expect(group).toBeVisible();
  const count = Number((await group.locator('.count').innerText()).replace(/,/g, ''));
  expect(count).toBeGreaterThan(100);
  await expect(x.tree.locator('[role=treeitem][aria-level="2"]').filter({ hasText: /^#\d+$/ })).toHaveCount(0);
  await group.click();
  await expect(x.tree.locator('[role=treeitem][aria-level="3"]').filter({ hasText: /^#\d+$/ })).toHaveCount(100);
  await expect(x.tree.getByText(`1–100 of ${count.toLocaleString('en-US')}`)).toBeVisible();
  await x.tree.getByRole('button', { name: 'Next page' }).click();
  await expect(x.tree.getByText(`101–200 of ${count.toLocaleString('en-US')}`)).toBeVisible();
});
