// Breakpoints in the explorer, against the built host with its own clock running: one made from
// the query box ("break when…") and one from an inspector field ("break" on Fuel.value), each hit
// by a write the test makes (no ship's fuel goes over its 100 kg capacity by itself), the world
// paused, the banner naming the breakpoint, the frame and the ship (a link that opens it);
// continue, step, step back (history), and the list's enable switch and delete.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { openExplorer } from './support/explorer';
import { getJson, put } from './support/rest';

const TIME = (value: Record<string, unknown>) => `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [value] }))}`;
const FUEL = (value: number) => `?data=${encodeURIComponent(JSON.stringify({ ids: [['Fuel']], values: [{ value }] }))}`;

interface Hit { breakpoint: string; frame: number; entities: string[] }
interface Listed { breakpoints: { name: string; q: string; on: string; path?: string; enabled: boolean; hits: number; last_hit?: Hit }[]; last_hit?: Hit; at_hit: boolean }

async function clear(request: APIRequestContext): Promise<void> {
  const all = await getJson<Listed>(request, '/breakpoints');
  for (const b of all.breakpoints) expect((await request.delete(`/breakpoint/${b.name}`)).status()).toBe(200);
}

test.beforeEach(async ({ page }) => { await clear(page.request); });
test.afterEach(async ({ page }) => {
  await clear(page.request);
  await put(page.request, TIME({ paused: false, step: 0, time_scale: 1 }));
  await put(page.request, `/set/Ship2${FUEL(80)}`);
  await put(page.request, `/set/Ship3${FUEL(80)}`);
});

test('from the query box: it hits, the banner names it and the ship, the link opens the ship; continue; delete from the list', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const x = await openExplorer(page);
  await x.queryBox.fill('Fuel.value > 500');
  await x.queryPanel.getByRole('button', { name: 'break when…' }).click();
  const form = page.getByRole('form', { name: 'New breakpoint' });
  await expect(form.getByRole('textbox', { name: 'Breakpoint name' })).toHaveValue('Fuel.value-gt-500');
  await form.getByRole('combobox', { name: 'Break when' }).selectOption('enter');
  await form.getByRole('button', { name: 'create breakpoint' }).click();
  await expect(form).toHaveCount(0);
  expect((await getJson<Listed>(page.request, '/breakpoints')).breakpoints).toMatchObject([{ name: 'Fuel.value-gt-500', q: 'Fuel.value > 500', on: 'enter', enabled: true, hits: 0 }]);
  const badge = page.getByTestId('breakpoints-badge');
  await expect(badge).toHaveText(/1\/1/);

  await put(page.request, `/set/Ship2${FUEL(1000)}`);
  const line = page.getByTestId('breakpoint-hit');
  await expect(line).toContainText('breakpoint Fuel.value-gt-500 hit at frame', { timeout: 15_000 });
  const listed = await getJson<Listed>(page.request, '/breakpoints');
  expect(listed.last_hit).toMatchObject({ breakpoint: 'Fuel.value-gt-500', entities: ['Ship2'] });
  expect(listed.at_hit).toBe(true);
  await expect(line).toContainText(`hit at frame ${listed.last_hit!.frame} (enter)`);
  await expect(page.getByTestId('paused-banner')).toHaveAttribute('data-paused', 'true');
  // The triggering ship is a link: it opens in the inspector.
  await line.getByRole('link', { name: 'Ship2' }).click();
  await expect(page).toHaveURL(/entity=Ship2/);
  await expect(x.inspector.getByRole('group', { name: 'Fuel' })).toBeVisible();

  await line.getByRole('button', { name: 'continue' }).click();
  await expect(page.getByTestId('paused-banner')).toHaveAttribute('data-paused', 'false', { timeout: 15_000 });
  await expect(line).toHaveCount(0);
  expect((await getJson<Listed>(page.request, '/breakpoints')).at_hit).toBe(false);

  await badge.click();
  const table = page.getByTestId('breakpoints-table');
  const row = table.locator('tr[data-breakpoint="Fuel.value-gt-500"]');
  await expect(row).toContainText(`frame ${listed.last_hit!.frame}`);
  await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  // The switch shows what the user chose while the write is under way: polls of the list answered
  // meanwhile (still enabled) do not flip it back. The write is held until two polls came back.
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route((url) => url.pathname.endsWith('/breakpoint/Fuel.value-gt-500') && url.searchParams.get('enabled') === 'false', async (route) => { await held; await route.continue(); });
  const enabled = row.getByRole('checkbox', { name: 'Enable Fuel.value-gt-500' });
  await enabled.uncheck();
  for (let i = 0; i < 2; i++) await page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/breakpoints'));
  await expect(enabled).not.toBeChecked();
  release();
  await expect.poll(async () => (await getJson<Listed>(page.request, '/breakpoints')).breakpoints[0]?.enabled, { timeout: 10_000 }).toBe(false);
  await expect(row).toHaveClass(/dim/);
  await expect(enabled).not.toBeChecked();
  await row.getByRole('button', { name: 'Delete Fuel.value-gt-500' }).click();
  await expect.poll(async () => (await getJson<Listed>(page.request, '/breakpoints')).breakpoints.length, { timeout: 10_000 }).toBe(0);
  await expect(badge).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('from an inspector field: break when Ship3\'s Fuel.value > 500; step runs one frame; step back restores the frame before the hit', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const x = await openExplorer(page, '?entity=Ship3');
  const fuel = x.inspector.getByRole('group', { name: 'Fuel' });
  await fuel.getByRole('button', { name: 'Break when Fuel.value …' }).click();
  const form = page.getByRole('form', { name: 'New breakpoint' });
  await form.getByRole('combobox', { name: 'Comparison' }).selectOption('>');
  // A value that is not a number is refused in the page; an unknown member would be refused by the host.
  await form.getByRole('textbox', { name: 'Value' }).fill('lots');
  await form.getByRole('button', { name: 'create breakpoint' }).click();
  await expect(form.getByRole('alert')).toContainText(`'lots' is not a number`);
  await form.getByRole('textbox', { name: 'Value' }).fill('500');
  await expect(form.getByRole('textbox', { name: 'Breakpoint name' })).toHaveValue('Ship3-Fuel.value-gt-500');
  await form.getByRole('button', { name: 'create breakpoint' }).click();
  await expect(form).toHaveCount(0);
  expect((await getJson<Listed>(page.request, '/breakpoints')).breakpoints).toMatchObject([{ name: 'Ship3-Fuel.value-gt-500', q: 'Fuel.value > 500', on: 'enter', path: 'Ship3' }]);

  await put(page.request, `/set/Ship3${FUEL(1000)}`);
  const line = page.getByTestId('breakpoint-hit');
  await expect(line).toContainText('breakpoint Ship3-Fuel.value-gt-500 hit at frame', { timeout: 15_000 });
  await expect(line.getByRole('link', { name: 'Ship3' })).toBeVisible();
  const hit = (await getJson<Listed>(page.request, '/breakpoints')).last_hit!;

  // Step back: the live world becomes the frame before the hit, paused; the fuel written after it is gone.
  await line.getByRole('button', { name: 'step back' }).click();
  await expect(line).toHaveCount(0, { timeout: 15_000 });
  const h = await getJson<{ frame: number }>(page.request, '/history');
  expect(h.frame).toBeGreaterThanOrEqual(hit.frame - 1);
  const ship = await getJson<{ values: { value?: number }[]; ids: string[][] }>(page.request, '/entity/Ship3?values=true');
  const fuelNow = ship.values[ship.ids.findIndex((id) => id[0] === 'Fuel')]!.value!;
  expect(fuelNow).toBeLessThanOrEqual(100);
  await expect(page.getByTestId('paused-banner')).toHaveAttribute('data-paused', 'true');

  // Hit again (a write while paused fires on the next paused frame), then step: one frame runs the systems, the world stays paused.
  await put(page.request, `/set/Ship3${FUEL(1000)}`);
  await expect(line).toBeVisible({ timeout: 15_000 });
  const before = await getJson<{ values: unknown[]; ids: string[][] }>(page.request, '/entity/ecs/core/World?values=true');
  expect(JSON.stringify(before.values)).toContain('"paused":true');
  await line.getByRole('button', { name: 'step', exact: true }).click();
  await expect(line).toHaveCount(0, { timeout: 15_000 });
  expect((await getJson<Listed>(page.request, '/breakpoints')).at_hit).toBe(false);
  await expect(page.getByTestId('paused-banner')).toHaveAttribute('data-paused', 'true');
  expect(errors).toEqual([]);
});

test('the host\'s refusal shows in the form: an unknown member', async ({ page }) => {
  const x = await openExplorer(page);
  await x.queryBox.fill('Fuel.valu > 5');
  await x.queryPanel.getByRole('button', { name: 'break when…' }).click();
  const form = page.getByRole('form', { name: 'New breakpoint' });
  await form.getByRole('button', { name: 'create breakpoint' }).click();
  await expect(form.getByRole('alert')).toContainText(`'Fuel' has no member 'valu'`);
  expect((await getJson<Listed>(page.request, '/breakpoints')).breakpoints).toEqual([]);
});
