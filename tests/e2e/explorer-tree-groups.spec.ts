// The tree groups an entity by what it is: the demo's tags LowFuel, OutOfFuel and OutOfBelt are
// declared as tags, so they stay under "Tags and relationships" before anything has them, while a
// ship gains and loses them, and after. Each step waits until REST shows the new state and then
// for the tree's next /tables reply (requested after the change), so the tree has seen it.
import { expect, test, type Page } from '@playwright/test';
import { openExplorer, type ExplorerPage } from './support/explorer';
import { getJson, put } from './support/rest';

const TAGS = ['LowFuel', 'OutOfBelt', 'OutOfFuel'] as const;
const SHIP = 'Ship9';
type Xyz = { x: number; y: number; z: number };
type Fuel = { value: number; capacity: number };
interface EntityReply { ids: string[][]; values: unknown[] }

/** The value of the component `name` in an entity reply. */
function valueOf<T>(reply: EntityReply, name: string): T {
  return reply.values[reply.ids.findIndex((id) => id.length === 1 && id[0] === name)] as T;
}

/** How many entities have `tag` now. */
async function holders(page: Page, tag: string): Promise<number> {
  return (await getJson<{ count: number }>(page.request, `/query?q=${tag}&count=true&limit=0`)).count;
}

/** Resolves once the tree has a /tables reply (the explorer asks the contract mount) requested after this call. */
async function nextTablesReply(page: Page): Promise<void> {
  const request = await page.waitForRequest((r) => new URL(r.url()).pathname === '/contract/tables', { timeout: 30_000 });
  await request.response();
}

/** Asserts the three tags are rows under the open "Tags and relationships" heading, none at the root. */
async function expectTagsGrouped(x: ExplorerPage): Promise<void> {
  const group = x.tree.locator('[data-group][data-path="#group:tags"] + [role=group]');
  for (const tag of TAGS) {
    await expect(group.locator(`[role=treeitem][aria-level="2"][data-path="${tag}"]`)).toBeVisible();
    await expect(x.tree.locator(`[role=treeitem][aria-level="1"][data-path="${tag}"]`)).toHaveCount(0);
  }
}

test('LowFuel, OutOfFuel and OutOfBelt stay under "Tags and relationships" while ships gain and lose them', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const ship = await getJson<EntityReply>(page.request, `/entity/${SHIP}?values=true`);
  const fuel = valueOf<Fuel>(ship, 'Fuel');
  const position = valueOf<Xyz>(ship, 'Position');
  const rock = (await getJson<{ results: { parent?: string; entities: (string | number)[] }[] }>(
    page.request, `/query?q=${encodeURIComponent('Asteroid, !OutOfBelt, Position')}&limit=1`)).results[0]!;
  const asteroid = `${rock.parent!.replaceAll('.', '/')}/${rock.entities[0]!}`;
  const rockAt = valueOf<Xyz>(await getJson<EntityReply>(page.request, `/entity/${asteroid}?values=true`), 'Position');
  const setShip = (f: Fuel, p?: Xyz) => put(page.request, `/set/${SHIP}?data=${encodeURIComponent(JSON.stringify(
    p ? { ids: [['Fuel'], ['Position']], values: [f, p] } : { ids: [['Fuel']], values: [f] }))}`);
  const setRock = (p: Xyz) => put(page.request, `/set/${asteroid}?data=${encodeURIComponent(JSON.stringify({ ids: [['Position']], values: [p] }))}`);
  const has = async (path: string, tag: string) => (await getJson<EntityReply>(page.request, `/entity/${path}`)).ids.some((id) => id[0] === tag);

  const x = await openExplorer(page);
  const heading = x.tree.locator('[data-group][data-path="#group:tags"]');
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await heading.click();
  await expect(heading).toHaveAttribute('aria-expanded', 'true');
  // Before: whatever has them now (on a fresh host, at most a few ships and stray rocks).
  test.info().annotations.push({ type: 'holders before', description: (await Promise.all(TAGS.map(async (t) => `${t} ${await holders(page, t)}`))).join(', ') });
  await nextTablesReply(page);
  await expectTagsGrouped(x);

  // 10% of a large tank, far out in space (no docking refuels it): LowFuel.
  await setShip({ value: 1000, capacity: 10_000 }, { x: 5000, y: 0, z: 5000 });
  await expect.poll(() => has(SHIP, 'LowFuel'), { timeout: 30_000 }).toBe(true);
  await nextTablesReply(page);
  await expectTagsGrouped(x);

  // Empty: OutOfFuel instead of LowFuel. A rock far outside the belt: OutOfBelt.
  await setShip({ value: 0, capacity: 10_000 });
  await setRock({ x: 90_000, y: 0, z: 90_000 });
  await expect.poll(async () => [await has(SHIP, 'OutOfFuel'), await has(SHIP, 'LowFuel'), await has(asteroid, 'OutOfBelt')], { timeout: 30_000 })
    .toEqual([true, false, true]);
  await nextTablesReply(page);
  await expectTagsGrouped(x);

  // Refuelled and back in the belt: the ship and the rock lose them again.
  await setShip({ value: fuel.capacity, capacity: fuel.capacity }, position);
  await setRock(rockAt);
  await expect.poll(async () => [await has(SHIP, 'OutOfFuel'), await has(SHIP, 'LowFuel'), await has(asteroid, 'OutOfBelt')], { timeout: 30_000 })
    .toEqual([false, false, false]);
  await nextTablesReply(page);
  await expectTagsGrouped(x);
  // A reload reads it all afresh: still grouped.
  await page.reload();
  await expect(x.connection).toContainText('connected', { timeout: 15_000 });
  if ((await heading.getAttribute('aria-expanded')) !== 'true') await heading.click();
  await nextTablesReply(page);
  await expectTagsGrouped(x);
  expect(errors).toEqual([]);
});
