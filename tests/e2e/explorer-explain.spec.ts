// "Why (not) matched?" in the inspector: Sun.Earth against the query box's `Position, Velocity`
// does not match, and the failing step names Velocity; against a system that moves ships, a ship
// matches with every step ticked.
import { expect, test } from '@playwright/test';
import { openExplorer } from './support/explorer';
import { getJson } from './support/rest';

test('the inspector explains why Sun.Earth does not match Position, Velocity, and why a ship matches Travel', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const q = 'Position, Velocity';
  // What the REST interface says, read first so the page is compared with the engine's own answer.
  const rest = await getJson<{ matches: boolean; steps: { text: string; holds: boolean; why?: { message: string } }[] }>(
    page.request, `/explain/Sun/Earth?q=${encodeURIComponent(q)}`);
  expect(rest.matches).toBe(false);
  const x = await openExplorer(page, `?entity=Sun.Earth&q=${encodeURIComponent(q)}`);
  const section = x.inspector.getByRole('region', { name: 'Why matched or not' });
  const result = section.getByTestId('explain-result');
  await expect(result.locator('.verdict')).toHaveAttribute('data-matches', 'false', { timeout: 20_000 });
  const failing = result.locator('li[data-holds="false"]');
  await expect(failing).toHaveCount(1);
  await expect(failing).toContainText('Velocity');
  await expect(failing.locator('.why')).toHaveText(rest.steps.find((s) => !s.holds)!.why!.message);
  await expect(result.locator('li[data-holds="true"]')).toContainText(['Position']);

  await x.tree.page().goto(`/explorer/?entity=Ship3`);
  await expect(section.getByRole('option', { name: 'Travel', exact: true })).toBeAttached({ timeout: 20_000 });
  await section.getByRole('combobox', { name: 'Query to explain' }).selectOption('Travel');
  await expect(result.locator('.verdict')).toHaveAttribute('data-matches', 'true', { timeout: 20_000 });
  await expect(result.locator('li[data-holds="false"]')).toHaveCount(0);
  // Engine comes from the prefab: the step says so.
  await expect(result.locator('li', { hasText: 'Engine' })).toContainText('SpaceShip');
  expect(errors).toEqual([]);
});
