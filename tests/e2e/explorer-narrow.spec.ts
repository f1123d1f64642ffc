// The explorer on the smaller screens people use: at 1024×768 and 1280×720 every control of the
// title bar sits on its one line inside the window, the app title and the search box's hint read
// whole, and the query table's rightmost value column can be scrolled into view.
import { expect, test } from '@playwright/test';
import { openExplorer } from './support/explorer';

const SIZES = [{ width: 1024, height: 768 }, { width: 1280, height: 720 }] as const;

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} nothing in the title bar or the query table is out of reach`, async ({ page }) => {
    await page.setViewportSize(size);
    const x = await openExplorer(page, `?q=${encodeURIComponent('Position, Velocity, Rotation')}`);
    await expect(x.title).toHaveText('e2e-demo');
    await expect(page.getByRole('group', { name: 'Time control' })).toBeVisible();

    // One line: every control of the bar lies inside the bar and inside the window.
    const bar = (await page.getByRole('banner').boundingBox())!;
    expect(bar.height).toBeLessThanOrEqual(44);
    const boxes = await page.getByRole('banner').locator('button, select, h1, [data-testid="connection"]').evaluateAll((els) =>
      els.map((e) => { const r = e.getBoundingClientRect(); return { text: (e.textContent ?? '').trim(), top: r.top, bottom: r.bottom, right: r.right, height: r.height }; }));
    for (const b of boxes) {
      expect(b.bottom, `${b.text} inside the bar`).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
      expect(b.right, `${b.text} inside the window`).toBeLessThanOrEqual(size.width);
      expect(b.height, `${b.text} on one line`).toBeLessThan(30);
    }
    // The title is not cut (its text fits its box).
    expect(await x.title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);

    // The search hint fits the box.
    const search = page.getByRole('searchbox', { name: 'Search entities' });
    const fits = await search.evaluate((input) => {
      const el = input as HTMLInputElement;
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return ctx.measureText(el.placeholder).width <= room;
    });
    expect(fits).toBe(true);

    // The table scrolls sideways inside the panel; scrolled to its end, the last column is in view.
    await expect(x.results.locator('tbody tr').first()).toBeVisible();
    const scroller = x.queryPanel.locator('.results-scroll');
    const view = (await scroller.boundingBox())!;
    expect(view.y + view.height, 'the table ends inside the window').toBeLessThanOrEqual(size.height);
    // Measured in the same task as the scroll: live rows may widen the table a frame later.
    const seen = await scroller.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      const box = el.getBoundingClientRect();
      const cells = el.querySelectorAll('thead tr:last-child th');
      const last = cells[cells.length - 1]!.getBoundingClientRect();
      return { wider: el.scrollWidth > el.clientWidth, left: last.left - box.left, right: box.right - last.right };
    });
    expect(seen.wider, 'the value columns are wider than the panel at this size').toBe(true);
    expect(seen.left).toBeGreaterThanOrEqual(0);
    expect(seen.right).toBeGreaterThanOrEqual(-1);
  });
}
