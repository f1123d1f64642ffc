// The explorer against the running demo: title, entity tree, inspector (edit, disable/enable,
// delete), state in the address and the `/` shortcut. Every change is made on an entity no other
// spec file touches and is undone at the end, so the shared host stays as the other files expect.
import { expect, test } from '@playwright/test';
import {
  attachShot, componentCard, expandRow, memberField, memberValue, openExplorer, resultRows, treeRow,
} from './support/explorer';
import { openViewport, screenGap } from './support/explorer-viewport';
import { entityId, getJson, put } from './support/rest';

/** The data of PUT /set that sets one member of a component. */
function setData(component: string, values: Record<string, unknown>): string {
  return encodeURIComponent(JSON.stringify({ ids: [[component]], values: [values] }));
}

test('connects and shows the title given on the command line', async ({ page }, info) => {
  const x = await openExplorer(page);
  const origin = new URL(page.url()).origin;
  await expect(x.title).toHaveText('e2e-demo');
  await expect(page).toHaveTitle('e2e-demo');
  await expect(x.connection).toContainText(origin);
  await attachShot(info, 'explorer-start', page);
});

test('expands the tree to a moon and inspects it', async ({ page }, info) => {
  const moon = 'Sun.Mars.Phobos';
  const doc = await getJson<{ brief: string }>(page.request, '/entity/Sun/Mars/Phobos?brief=true');
  const x = await openExplorer(page);
  await expandRow(treeRow(x, 'Sun', 1));
  await expandRow(treeRow(x, 'Mars', 2));
  const row = treeRow(x, 'Phobos', 3);
  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');

  await expect(x.inspector.getByRole('heading', { level: 3 })).toHaveText('Phobos');
  await expect(x.inspector.getByTitle('Path', { exact: true })).toHaveText(moon);
  await expect(x.inspector.getByText(doc.brief)).toBeVisible();
  // Values and units as the server has them.
  await expect(memberField(x, 'Orbit', 'radius')).toHaveValue(String(await memberValue(page, moon, 'Orbit', 'radius')));
  await expect(memberField(x, 'Scale', 'value')).toHaveValue(String(await memberValue(page, moon, 'Scale', 'value')));
  await expect(componentCard(x, 'Orbit').getByText('rad/s', { exact: true })).toBeVisible();
  await expect(componentCard(x, 'Shape').getByRole('combobox', { name: 'kind' })).toHaveValue('Sphere');
  // The tag as a link (the Build section's list of own ids links it too).
  await expect(x.inspector.getByRole('link', { name: 'Moon', exact: true }).first()).toBeVisible();
  await expect(x.inspector.getByRole('link', { name: 'OrbitMoons', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/[?&]entity=Sun\.Mars\.Phobos(&|$)/);
  await attachShot(info, 'explorer-tree-inspector', page);
});

test('an edit goes to the server and moves the moon in the viewport', async ({ page, context }, info) => {
  const moon = 'Sun.Mars.Deimos';
  const radius = Number(await memberValue(page, moon, 'Orbit', 'radius'));
  const ids = { moon: await entityId(page.request, moon), planet: await entityId(page.request, 'Sun.Mars') };
  const viewport = await openViewport(context);
  // The moon circles close to its planet: a few pixels apart on screen whatever its angle.
  const near = await screenGap(viewport, ids.moon, ids.planet);
  expect(near).toBeGreaterThanOrEqual(0);
  const far = 20;
  try {
    const x = await openExplorer(page, `?entity=${moon}`);
    const field = memberField(x, 'Orbit', 'radius');
    await expect(field).toHaveValue(String(radius));
    await field.fill(String(far));
    await field.press('Enter');
    await expect(componentCard(x, 'Orbit').getByText('saved')).toBeVisible();
    await expect.poll(() => memberValue(page, moon, 'Orbit', 'radius'), { timeout: 30_000 }).toBe(far);
    await expect(field).toHaveValue(String(far));
    // 20 units from Mars: even seen edge-on (the camera looks down at ~25°) that is far more
    // than the moon's whole orbit was before.
    await expect.poll(() => screenGap(viewport, ids.moon, ids.planet), { timeout: 10_000 }).toBeGreaterThan(near + 30);
    await attachShot(info, 'explorer-edited', page);
    await attachShot(info, 'viewport-moon-moved', viewport);
  } finally {
    await put(page.request, `/set/Sun/Mars/Deimos?data=${setData('Orbit', { radius })}`);
  }
});

test('arrow keys move in the tree and Enter opens', async ({ page }) => {
  const x = await openExplorer(page);
  const sun = treeRow(x, 'Sun', 1);
  await sun.focus();
  await page.keyboard.press('ArrowRight');
  await expect(sun).toHaveAttribute('aria-expanded', 'true');
  // The children arrive from the server; moving down before they show would skip past them.
  const first = x.tree.getByRole('treeitem', { level: 2 }).first();
  await expect(first).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(first).toBeFocused();
  const name = (await first.getAttribute('title'))!;
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(x.inspector.getByTitle('Path', { exact: true })).toHaveText(name);
  await page.keyboard.press('ArrowLeft');
  await expect(sun).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(sun).toHaveAttribute('aria-expanded', 'false');
});

test('an enum member is edited with a list of its constants', async ({ page }) => {
  const moon = 'Sun.Saturn.Rhea';
  const before = await memberValue(page, moon, 'Shape', 'kind');
  try {
    const x = await openExplorer(page, `?entity=${moon}`);
    const kind = componentCard(x, 'Shape').getByRole('combobox', { name: 'kind' });
    await expect(kind).toHaveValue(String(before));
    await kind.selectOption('Box');
    await expect.poll(() => memberValue(page, moon, 'Shape', 'kind'), { timeout: 30_000 }).toBe('Box');
    await expect(kind).toHaveValue('Box');
  } finally {
    await put(page.request, `/set/Sun/Saturn/Rhea?data=${setData('Shape', { kind: before })}`);
  }
});

test('an invalid edit shows why and changes nothing', async ({ page }) => {
  const moon = 'Sun.Jupiter.Europa';
  const before = await memberValue(page, moon, 'Orbit', 'radius');
  const x = await openExplorer(page, `?entity=${moon}`);
  const field = memberField(x, 'Orbit', 'radius');
  await field.fill('far away');
  await field.press('Enter');
  await expect(componentCard(x, 'Orbit').getByRole('alert')).toContainText('"far away" is not a number');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await memberValue(page, moon, 'Orbit', 'radius')).toBe(before);
  await field.press('Escape');
  await expect(field).toHaveValue(String(before));
});

test('disable and enable from the inspector', async ({ page }, info) => {
  const moon = 'Sun.Jupiter.Callisto';
  const disabled = async () => {
    const body = await getJson<{ ids: string[][] }>(page.request, '/entity/Sun/Jupiter/Callisto');
    return body.ids.some((id) => id.length === 1 && id[0] === 'ecs.core.Disabled');
  };
  expect(await disabled()).toBe(false);
  try {
    const x = await openExplorer(page, `?entity=${moon}`);
    // The tree opens down to the selected entity.
    const row = treeRow(x, 'Callisto', 3);
    await expect(row).toHaveAttribute('aria-selected', 'true');
    await x.inspector.getByRole('button', { name: 'Disable' }).click();
    await expect(x.inspector.getByRole('button', { name: 'Enable' })).toBeVisible();
    await expect(x.inspector.getByText('disabled', { exact: true })).toBeVisible();
    await expect(row.getByText('disabled', { exact: true })).toBeVisible();
    expect(await disabled()).toBe(true);
    await attachShot(info, 'explorer-disabled', page);

    await x.inspector.getByRole('button', { name: 'Enable' }).click();
    await expect(x.inspector.getByRole('button', { name: 'Disable' })).toBeVisible();
    await expect(x.inspector.getByText('disabled', { exact: true })).toHaveCount(0);
    await expect(row.getByText('disabled', { exact: true })).toHaveCount(0);
    expect(await disabled()).toBe(false);
  } finally {
    await put(page.request, '/enable/Sun/Jupiter/Callisto');
  }
});

test('Delete asks for confirmation; only confirming deletes', async ({ page }, info) => {
  // An asteroid of the belt (no other spec file uses asteroids), picked by id.
  const found = await getJson<{ results: { entity_ids?: number[] }[] }>(page.request, '/query?q=Asteroid&entity_ids=true&offset=20&limit=1');
  const id = found.results[0]?.entity_ids?.[0];
  expect(id, 'an asteroid').toBeDefined();
  const x = await openExplorer(page, `?entity=${id}`);
  await expect(x.inspector.getByRole('heading', { level: 3 })).toHaveText(`#${id}`);
  const dialog = page.getByRole('dialog', { name: 'Delete entity' });
  const deleteButton = x.inspector.getByRole('button', { name: 'Delete' });

  await deleteButton.click();
  await expect(dialog).toContainText(String(id));
  // Focus starts on Cancel, so a stray Enter does not delete.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await attachShot(info, 'explorer-delete-confirm', page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await getJson(page.request, `/entity/${id}`, 200);

  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(x.inspector.getByText('Select an entity')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]entity=/);
  await getJson(page.request, `/entity/${id}`, 404);
});

test('the address keeps the layout, the selected entity, the query and the period across a reload', async ({ page }) => {
  const q = 'Moon, (ChildOf, Sun.Saturn)';
  const x = await openExplorer(page);
  await x.queryBox.fill(q);
  await expect(resultRows(x)).toHaveCount(2);
  // Clicking a result opens it in the inspector.
  await resultRows(x).getByRole('link', { name: 'Titan', exact: true }).click();
  await expect(x.inspector.getByRole('heading', { level: 3 })).toHaveText('Titan');
  const layout = page.getByRole('tablist', { name: 'Layout' });
  await layout.getByRole('tab', { name: 'Statistics' }).click();
  await expect(layout.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
  await x.stats.getByRole('radio', { name: '1h' }).click();
  await expect(page).toHaveURL(/[?&]layout=stats(&|$)/);
  await expect(page).toHaveURL(/[?&]entity=Sun\.Saturn\.Titan(&|$)/);
  await expect(page).toHaveURL(/[?&]period=1h(&|$)/);
  expect(new URL(page.url()).searchParams.get('q')).toBe(q);

  await page.reload();
  await expect(x.stats.getByRole('radio', { name: '1h' })).toHaveAttribute('aria-checked', 'true');
  await layout.getByRole('tab', { name: 'Explore' }).click();
  await expect(x.inspector.getByRole('heading', { level: 3 })).toHaveText('Titan');
  await expect(treeRow(x, 'Titan', 3)).toHaveAttribute('aria-selected', 'true');
  await expect(x.queryBox).toHaveValue(q);
  await expect(resultRows(x)).toHaveCount(2);
});

test('`/` focuses the query box from anywhere but a text field', async ({ page }) => {
  const x = await openExplorer(page);
  await expect(x.queryBox).not.toBeFocused();
  await page.keyboard.press('/');
  await expect(x.queryBox).toBeFocused();
  await expect(x.queryBox).toHaveValue('');

  // In another text field `/` is just a character.
  const search = page.getByRole('searchbox', { name: 'Search entities' });
  await search.click();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('/');
  await search.fill('');

  // With the query panel closed, `/` opens it.
  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Query' }).click();
  await expect(x.queryPanel).toHaveCount(0);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(x.queryBox).toBeFocused();
});
