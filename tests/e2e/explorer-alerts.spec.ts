// Alerts in the explorer: a ship that runs low on fuel raises ShipLowOnFuel, which the title bar's
// badge counts and lists (severity, message, the ship as a link); refuelled, the alert clears.
import { expect, test } from '@playwright/test';
import { openExplorer } from './support/explorer';
import { getJson, put } from './support/rest';

const SHIP = 'Ship11';

type Xyz = { x: number; y: number; z: number };

function setShip(fuel: { value: number; capacity: number }, position?: Xyz): string {
  const data = position ? { ids: [['Fuel'], ['Position']], values: [fuel, position] } : { ids: [['Fuel']], values: [fuel] };
  return `/set/${SHIP}?data=${encodeURIComponent(JSON.stringify(data))}`;
}

test('a ship low on fuel shows as a Warning in the alerts badge and list, and clears when refuelled', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const ship = await getJson<{ ids: string[][]; values: Record<string, number>[] }>(page.request, `/entity/${SHIP}?values=true`);
  const fuel = ship.values[ship.ids.findIndex((id) => id[0] === 'Fuel')] as { value: number; capacity: number };
  const position = ship.values[ship.ids.findIndex((id) => id[0] === 'Position')] as Xyz;
  const x = await openExplorer(page);
  const badge = page.getByTestId('alerts-badge');
  await expect(badge).toBeVisible();

  // 10% of a large tank, far out in space: low (under 20%) for many minutes before it could arrive
  // somewhere (docking refuels) or run out, however slow the machine.
  await put(page.request, setShip({ value: 1000, capacity: 10_000 }, { x: 5000, y: 0, z: 5000 }));
  await badge.click();
  const list = page.getByRole('region', { name: 'Alerts', exact: true });
  const row = list.locator('tr', { hasText: `${SHIP} is low on fuel` });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.locator('.severity')).toHaveText('Warning');
  await expect(badge).toHaveClass(/severity-(warning|error)/);
  // The source is a link that opens the ship.
  await row.getByRole('link', { name: SHIP, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`entity=${SHIP}\\b`));
  await expect(x.inspector.getByText(SHIP, { exact: true })).toBeVisible();
  await expect(list).toBeHidden();

  await put(page.request, setShip({ value: 10_000, capacity: 10_000 }));
  await badge.click();
  await expect(list).toBeVisible();
  await expect(list.locator('tr', { hasText: `${SHIP} is low on fuel` })).toHaveCount(0, { timeout: 15_000 });
  // The list closes on Escape, and on a click outside it.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await badge.click();
  await expect(list).toBeVisible();
  await x.inspector.click({ position: { x: 5, y: 5 } });
  await expect(list).toBeHidden();
  await put(page.request, setShip({ value: fuel.capacity, capacity: fuel.capacity }, position));
  expect(errors).toEqual([]);
});
