// Incoming references: the inspector of a planet lists, under "Referenced by", the ships whose
// (TravellingTo, <planet>) pair points at it, as links.
import { expect, test } from '@playwright/test';
import { openExplorer } from './support/explorer';
import { getJson, put } from './support/rest';

const SHIP = 'Ship12';
const PLANET = 'Sun.Neptune';

function setUrl(data: unknown): string {
  return `/set/${SHIP}?data=${encodeURIComponent(JSON.stringify(data))}`;
}

test('a planet lists the ships travelling to it, and each opens on click', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const before = await getJson<{ ids: string[][]; values: unknown[] }>(page.request, `/entity/${SHIP}?values=true`);
  const position = before.values[before.ids.findIndex((id) => id[0] === 'Position')];
  // Far out in space, it cannot reach Neptune (and be sent elsewhere) during the test.
  await put(page.request, setUrl({ ids: [['Position'], ['TravellingTo', PLANET]], values: [{ x: -5000, y: 0, z: 5000 }] }));

  const x = await openExplorer(page, `?entity=${PLANET}`);
  const refs = x.inspector.getByRole('definition').filter({ has: page.getByRole('link', { name: SHIP, exact: true }) });
  const list = x.inspector.locator('dl[aria-label="Referenced by"]');
  await expect(list.getByRole('term')).toContainText(['TravellingTo']);
  await expect(refs).toHaveCount(1);
  await refs.getByRole('link', { name: SHIP, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`entity=${SHIP}\\b`));

  await put(page.request, setUrl({ ids: [['Position']], values: [position] }));
  expect(errors).toEqual([]);
});
