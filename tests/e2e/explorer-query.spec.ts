// The explorer's query panel and statistics against the running demo: a query with a variable, a
// named rule with an argument, a malformed query's error with its position, and the charts.
import { expect, test, type Page } from '@playwright/test';
import { attachShot, openExplorer, resultCells, resultRows, type ExplorerPage } from './support/explorer';
import { getJson } from './support/rest';

interface QueryBody {
  results: { variables?: string[]; entities?: (string | number)[]; parent?: string }[];
}

/** GET /query for an expression (q) or a named query (name=…&vars=…). */
function query(page: Page, params: string): Promise<QueryBody> {
  return getJson<QueryBody>(page.request, `/query?${params}`);
}

/** The texts of the results table's column headed `header` (e.g. "$planet"), top to bottom. */
async function column(x: ExplorerPage, header: string): Promise<string[]> {
  const index = await x.results.evaluate((table, name) => {
    const heads = [...table.querySelectorAll('thead tr:last-child th')].map((th) => (th.textContent ?? '').trim());
    // The entity and parent columns span both header rows, so they are not in the last one.
    const lead = table.querySelectorAll('thead th[rowspan="2"]').length;
    const i = heads.indexOf(name);
    return i < 0 ? -1 : i + lead;
  }, header);
  expect(index, `a column headed ${header}`).toBeGreaterThanOrEqual(0);
  return (await resultCells(x)).map((row) => row[index] ?? '');
}

/** The entity names of the results table, top to bottom. */
function resultEntities(x: ExplorerPage): Promise<string[]> {
  return resultRows(x).evaluateAll((rows) => rows.map((r) => (r.querySelector('td a')?.textContent ?? '').trim()));
}

test('a query with a variable lists each match with the value of the variable', async ({ page }, info) => {
  const q = 'Moon, (ChildOf, $planet)';
  const expected = (await query(page, `q=${encodeURIComponent(q)}`)).results.flatMap((r) => (r.entities ?? []).map((e) => [String(e), r.variables![0]!]));
  expect(expected.length).toBeGreaterThan(5);
  const x = await openExplorer(page);
  await x.queryBox.fill(q);
  await x.queryBox.press('Enter');
  await expect(resultRows(x)).toHaveCount(expected.length);
  await expect(x.results.getByRole('columnheader', { name: '$planet' })).toBeVisible();
  const names = await resultEntities(x);
  const planets = await column(x, '$planet');
  const shown = names.map((n, i) => [n, planets[i]!.replace(/ \(.*\)$/, '')]);
  expect(shown).toEqual(expect.arrayContaining(expected));
  await expect(x.queryPanel.getByText(/evaluated in/)).toBeVisible();
  await attachShot(info, 'explorer-query-variable', page);

  // The query is remembered among the recent ones.
  await x.queryBox.fill('');
  await x.queryPanel.getByRole('button', { name: /recent/ }).click();
  await x.queryPanel.getByRole('option', { name: q }).click();
  await expect(x.queryBox).toHaveValue(q);
});

test('?-ShipsHeadingTo(planet: …) runs the named rule with that argument', async ({ page }, info) => {
  // Ships fly from planet to planet, so ask the server which planet has the most ships now.
  const all = await query(page, 'name=ShipsHeadingTo');
  const counts = new Map<string, number>();
  for (const r of all.results) counts.set(r.variables![0]!, (counts.get(r.variables![0]!) ?? 0) + (r.entities?.length ?? 0));
  const [planet] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const text = `?-ShipsHeadingTo(planet: ${planet})`;

  const x = await openExplorer(page);
  await x.queryBox.fill(text);
  await x.queryBox.press('Enter');
  // Every row is bound to the planet given, and the ships are those the server lists for it (the
  // table re-reads every second; a ship may arrive and turn to the next planet in between).
  await expect.poll(async () => {
    const ships = await resultEntities(x);
    const bound = await column(x, '$planet');
    const now = await query(page, `name=ShipsHeadingTo&vars=planet:${planet}`);
    const want = now.results.flatMap((r) => (r.entities ?? []).map(String)).sort();
    return ships.length > 0 && bound.every((b) => b.startsWith(planet)) && JSON.stringify([...ships].sort()) === JSON.stringify(want);
  }, { timeout: 15_000, message: `the table lists the ships the server has heading to ${planet}` }).toBe(true);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
  await attachShot(info, 'explorer-named-rule', page);

  // A misspelt argument list is pointed at before anything is sent.
  await x.queryBox.fill(`?-ShipsHeadingTo(planet ${planet})`);
  await expect(x.queryPanel.getByRole('alert')).toContainText("expected ':' after variable 'planet'");
});

test('a malformed query shows the error with a caret at its position', async ({ page }, info) => {
  const bad = 'Position, (ChildOf Sun), Velocity';
  const reply = await getJson<{ error: string; position: number }>(page.request, `/query?q=${encodeURIComponent(bad)}&try=true`);
  expect(reply.position).toBeGreaterThan(0);
  const x = await openExplorer(page);
  await x.queryBox.fill(bad);
  const alert = x.queryPanel.getByRole('alert');
  await expect(alert).toContainText(reply.error.split('\n')[0]!);
  // The server's text in full: the reason, the expression, and a caret under the offending character.
  await expect.poll(() => alert.locator('pre').textContent(), { timeout: 30_000 }).toBe(reply.error);
  expect(reply.error.split('\n')[2]).toBe(`${' '.repeat(reply.position)}^`);
  await expect(x.queryBox).toHaveAttribute('aria-invalid', 'true');
  // The offending character is highlighted in the box itself.
  const mark = x.queryPanel.getByTestId('query-error-mark');
  await expect(mark).toHaveText(bad[reply.position]!);
  expect(await mark.evaluate((m) => (m.previousSibling?.textContent ?? '').length)).toBe(reply.position);
  await attachShot(info, 'explorer-query-error', page);

  await x.queryBox.fill('Position, (ChildOf, Sun)');
  await expect(x.queryPanel.getByRole('alert')).toHaveCount(0);
  await expect(resultRows(x).first()).toBeVisible();
  const good = await resultRows(x).count();

  // Breaking the query again keeps the last results on screen, dimmed, under the error.
  await x.queryBox.fill('Position, (ChildOf, Sun');
  await expect(x.queryPanel.getByRole('alert')).toBeVisible();
  const area = x.queryPanel.getByTestId('query-results');
  await expect(area).toHaveAttribute('data-stale', 'true');
  await expect(resultRows(x)).toHaveCount(good);
  expect(Number(await area.evaluate((e) => getComputedStyle(e).opacity))).toBeLessThan(1);
  await expect(x.page.getByTestId('query-count')).toContainText('results of the last query that ran');

  await x.queryBox.fill('Position, (ChildOf, Sun)');
  await expect(x.queryPanel.getByRole('alert')).toHaveCount(0);
  await expect(area).not.toHaveAttribute('data-stale', 'true');
  await expect(x.queryBox).toHaveAttribute('aria-invalid', 'false');
  await expect(resultRows(x).first()).toBeVisible();
});

test('the statistics charts draw the world and the systems', async ({ page }, info) => {
  const x = await openExplorer(page, '?layout=stats');
  const charts = x.stats.locator('canvas');
  await expect(charts.first()).toBeVisible();
  expect(await charts.count()).toBeGreaterThanOrEqual(4);
  // A chart has drawn its data when its lines cover some pixels: lines are opaque and coloured,
  // while the empty frame (grid, ticks, axis text) is grey.
  const drawn = () => charts.evaluateAll((list) => list.map((c) => {
    const canvas = c as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i]!, g = data[i + 1]!, b = data[i + 2]!;
      if (data[i + 3]! > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 60) n++;
    }
    return n;
  }));
  await expect.poll(async () => Math.min(...await drawn()), { timeout: 10_000, message: 'every chart draws its line' }).toBeGreaterThan(40);
  await expect(x.stats.getByText('Frame rate (fps)')).toBeVisible();
  await expect(x.stats.getByText('Commands (per frame)')).toBeVisible();
  await expect(x.stats.getByRole('link', { name: 'OrbitMoons', exact: true })).toBeVisible();
  // A minute of samples by default; every legend shows the latest value without hovering.
  await expect(x.stats.getByRole('radio', { name: '1m' })).toHaveAttribute('aria-checked', 'true');
  const legendValues = x.stats.locator('.u-legend .u-series:not(:first-child) .u-value');
  await expect.poll(async () => (await legendValues.allInnerTexts()).filter((t) => t.trim() === '—' || t.trim() === '').length, { timeout: 30_000 }).toBe(0);
  await attachShot(info, 'explorer-stats', x.stats);

  await x.stats.getByRole('radio', { name: '1h' }).click();
  await expect(x.stats.getByRole('radio', { name: '1h' })).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => Math.min(...await drawn()), { timeout: 10_000 }).toBeGreaterThan(0);
});

test('the results say how many rows match in all, and repeated columns are left out', async ({ page }) => {
  const q = '(ChildOf, $p), Planet($p)';
  const total = (await getJson<{ count: number }>(page.request, `/query?q=${encodeURIComponent(q)}&count=true&limit=0`)).count;
  expect(total).toBeGreaterThan(5);
  const x = await openExplorer(page);
  await x.queryBox.fill(q);
  await x.queryBox.press('Enter');
  await expect(x.page.getByTestId('query-count')).toHaveText(`rows 1–${Math.min(total, 50)} of ${total}`);
  // $p says which planet, and it is each row's parent: no id, source or Parent column repeats it.
  const heads = await x.results.locator('thead th').allInnerTexts();
  expect(heads.map((h) => h.trim())).toEqual(['Entity', 'Variables', '$p']);
  // A column widens by dragging its right edge.
  const th = x.results.locator('thead th', { hasText: '$p' });
  const before = (await th.boundingBox())!;
  const handle = (await th.getByRole('separator').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 120, handle.y + handle.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await th.boundingBox())!.width, { timeout: 30_000 }).toBeGreaterThan(before.width + 60);
  // A value cut short shows in full on hover: every cell carries its full text as a tooltip.
  await expect(x.results.locator('tbody td[title="Sun.Earth"]').first()).toBeVisible();

  await x.queryBox.fill('(ChildOf, *)');
  await x.queryBox.press('Enter');
  const group = x.results.locator('thead th.group').first();
  await expect(group).toHaveText('(ChildOf, *)');
  await expect(group).toHaveAttribute('title', '(ecs.core.ChildOf, *)');
});

test('the query box completes names while typing and shows the syntax at a glance', async ({ page }) => {
  const x = await openExplorer(page);
  await x.queryBox.click();
  await x.queryBox.pressSequentially('Position, Trav');
  const list = x.queryPanel.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option').first()).toContainText('TravellingTo');
  await x.queryBox.press('Tab');
  await expect(x.queryBox).toHaveValue('Position, TravellingTo');
  await expect(list).toBeHidden();
  // After ?- only named queries are offered, and Enter on a highlighted one takes it.
  await x.queryBox.fill('');
  await x.queryBox.pressSequentially('?-ShipsHead');
  await x.queryBox.press('ArrowDown');
  await x.queryBox.press('Enter');
  await expect(x.queryBox).toHaveValue('?-ShipsHeadingTo');

  // The cheat sheet puts an example in the box, and it runs.
  await x.queryPanel.getByRole('button', { name: 'syntax' }).click();
  const sheet = x.queryPanel.getByRole('dialog', { name: 'Query syntax' });
  await sheet.getByRole('button', { name: '(ChildOf, $p), Planet($p)' }).click();
  await expect(x.queryBox).toHaveValue('(ChildOf, $p), Planet($p)');
  await expect(sheet).toBeHidden();
  await expect(resultRows(x).first()).toBeVisible();
});
