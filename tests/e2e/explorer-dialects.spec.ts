// Our explorer on a host of every dialect, opened from that host's own address as `npm start`
// prints it: the host answers its pages in the contract under /contract, so the tree, the
// inspector, a query with a variable and live values work on a Flecs 4 and a Flecs 3.2 host too.
import { expect, test } from '@playwright/test';
import { explorerParts, expandRow, memberField, resultCells, startHost, treeRow, type ExtraHost } from './support/explorer';

for (const dialect of ['flecs-4', 'flecs-3.2'] as const) {
  test.describe(`a host started with --compat ${dialect}`, () => {
    let host: ExtraHost | undefined;
    test.beforeAll(async () => { host = await startHost(`${dialect}-app`, 0, ['--compat', dialect]); });
    test.afterAll(async () => { await host?.stop(); });

    test('serves an explorer that connects, lists, inspects and queries', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await page.goto(`${host!.url}/explorer/`);
      const x = explorerParts(page);
      await expect(x.connection).toContainText('connected', { timeout: 45_000 });
      await expect(x.title).toHaveText(`${dialect}-app`);

      // The tree: roots, then a planet's children; no request of the explorer was refused.
      const sun = treeRow(x, 'Sun', 1);
      await expandRow(sun);
      await treeRow(x, 'Earth', 2).click();
      await expect(x.inspector.getByRole('heading', { level: 3 })).toContainText('Earth');
      await expect(memberField(x, 'Orbit', 'radius')).toBeVisible();
      await expect(page.getByText(/missing parameter/)).toHaveCount(0);

      // A query with a variable, in the contract's language and names.
      await x.queryBox.fill('Moon, (ChildOf, $planet)');
      await x.queryBox.press('Enter');
      await expect(x.results.getByRole('columnheader', { name: '$planet' })).toBeVisible();
      await expect.poll(async () => (await resultCells(x)).some((row) => row.some((cell) => cell.startsWith('Sun.Jupiter'))), { timeout: 30_000 }).toBe(true);
      expect(errors).toEqual([]);
    });
  });
}
