// The viewport seen from the explorer's tests: a second page on /viewport/ read through its
// window.__viewport hooks, to check that an edit made in the explorer shows on screen.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { ViewportTestHooks } from '../../../src/renderer/viewport';

/** Instances the demo scene draws at least (planets, moons, ships and the asteroid belt). */
const MIN_INSTANCES = 100;

/** Opens /viewport/ in a new page of `context` and waits until it draws the scene. */
export async function openViewport(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/viewport/');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __viewport?: ViewportTestHooks }).__viewport?.instanceCount() ?? 0), {
    timeout: 20_000,
    message: 'the viewport draws the scene',
  }).toBeGreaterThan(MIN_INSTANCES);
  return page;
}

/**
 * Distance on the canvas between entities `a` and `b` in the last drawn frame, in CSS pixels;
 * -1 when either is not on screen.
 */
export function screenGap(page: Page, a: number, b: number): Promise<number> {
  return page.evaluate(([ea, eb]) => {
    const h = (window as unknown as { __viewport: ViewportTestHooks }).__viewport;
    const p = h.project(ea), q = h.project(eb);
    return p && q ? Math.hypot(p.x - q.x, p.y - q.y) : -1;
  }, [a, b] as const);
}
