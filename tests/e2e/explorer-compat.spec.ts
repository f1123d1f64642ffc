// Our explorer against a host started with --compat flecs-3.2, which answers queries in the
// reference server's shapes (type_info keyed by component, vars, eval_duration): the tree, the
// inspector, a query with a variable and component values all work as in contract mode.
import { expect, test } from '@playwright/test';
import { attachShot, expandRow, openExplorer, resultCells, resultRows, startHost, treeRow, type ExtraHost } from './support/explorer';

let compat: ExtraHost | undefined;
test.beforeAll(async () => {
  compat = await startHost('compat-app', 0, ['--compat', 'flecs-3.2']);
});
test.afterAll(async () => {
  await compat?.stop();
});

test('the explorer works against a host in compat mode: tree, inspector, variables and values', async ({ page }, info) => {
  const x = await openExplorer(page, `?host=${compat!.hostPort}`);
  await expect(x.title).toHaveText('compat-app');
  // The tree: roots, then a planet's moons.
  const sun = treeRow(x, 'Sun', 1);
  await expandRow(sun);
  const earth = treeRow(x, 'Earth', 2);
  await expect(earth).toBeVisible();
  await earth.click();
  await expect(x.inspector.getByRole('heading', { level: 3 })).toContainText('Earth');

  // A query with a variable: the server answers `vars`, the table still has the $planet column.
  const reply = await (await page.request.get(`${compat!.url}/query?q=${encodeURIComponent('Moon, (ChildOf, $planet)')}`)).json() as { vars?: string[] };
  expect(reply.vars).toEqual(['planet']);
  await x.queryBox.fill('Moon, (ChildOf, $planet)');
  await x.queryBox.press('Enter');
  await expect(x.results.getByRole('columnheader', { name: '$planet' })).toBeVisible();
  await expect.poll(async () => (await resultCells(x)).some((row) => row.some((cell) => cell.startsWith('Sun.Jupiter'))), { timeout: 30_000 }).toBe(true);
  await expect(x.queryPanel.getByText(/evaluated in/)).toBeVisible();

  // Component values, whose type_info now comes keyed by component.
  await x.queryBox.fill('Planet, Position');
  await x.queryBox.press('Enter');
  await expect(x.results.getByRole('columnheader', { name: 'x' })).toBeVisible();
  await expect.poll(async () => resultRows(x).count(), { timeout: 30_000 }).toBeGreaterThan(5);
  const cells = await resultCells(x);
  expect(cells.flat().some((c) => /^-?\d+(\.\d+)?$/.test(c))).toBe(true);
  await attachShot(info, 'explorer-compat-mode', page);
});
