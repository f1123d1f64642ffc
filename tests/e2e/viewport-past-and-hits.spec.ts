// The viewport follows the explorer into the past and marks a breakpoint's hit, against the built
// host with its own clock running. Scrubbing the explorer's timeline back makes the viewport draw
// that frame (its test hooks report the frame and the entities' positions, which equal what
// GET /query?at=<frame> answers), marked as the past; "live" brings the live world back. A
// breakpoint's hit marks its entities in the viewport (the ids of the hit) until time runs again.
import { expect, test, type Page } from '@playwright/test';
import type { ViewportTestHooks } from '../../src/renderer/viewport';
import { entityId, getJson, put } from './support/rest';

type Hooks = ViewportTestHooks;

async function hooks<T>(page: Page, fn: (h: Hooks, arg: number) => T, arg = 0): Promise<T> {
  return page.evaluate(([body, a]) => {
    const h = (window as unknown as { __viewport: Hooks }).__viewport;
    return (new Function('h', 'a', `return (${body})(h, a)`) as (h: Hooks, a: number) => T)(h, a);
  }, [fn.toString(), arg] as const);
}

const TIME = (value: Record<string, unknown>) => `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [value] }))}`;

// Software WebGL on a loaded machine draws slowly: a generous bound (it only stops a hung test).
test.describe.configure({ timeout: 180_000 });

test.afterEach(async ({ request }) => {
  await request.delete('/breakpoint/e2e-empty-tank');
  await request.delete('/history/view');
  await put(request, TIME({ paused: false, step: 0 }));
});

async function openViewport(page: Page): Promise<void> {
  await page.goto('/viewport/');
  await expect.poll(() => hooks(page, (h) => h.instanceCount()), { timeout: 30_000 }).toBeGreaterThan(100);
}

test('scrubbing the explorer back makes the viewport draw that frame, marked as the past; live brings the live world back', async ({ page, context }, info) => {
  await openViewport(page);
  const explorer = await context.newPage();
  await explorer.goto('/explorer/');
  const slider = explorer.getByRole('slider', { name: /Frame shown/ });
  await expect(slider).toBeVisible({ timeout: 20_000 });
  // A frame inside the slider's own range: the explorer re-reads GET /history once a second, so a
  // newer last frame read here could lie past its end, and filling it in would stop at the end.
  const [min, max] = await Promise.all([slider.getAttribute('min'), slider.getAttribute('max')]);
  const frame = Math.max(Number(min), Number(max) - 30);
  await slider.fill(String(frame));
  await expect(slider).toHaveValue(String(frame));
  await expect.poll(() => hooks(page, (x) => x.pastFrame()), { timeout: 20_000 }).toBe(frame);
  await expect(page.locator('.hud-past')).toHaveText(`frame ${frame} — past`);
  await expect(page.locator('#app')).toHaveAttribute('data-past', String(frame));
  // Every drawn entity stands where GET /query?at=<frame> says it stood (f32, as frames carry it).
  const q = encodeURIComponent('Position, Renderable');
  const then = await getJson<{ results: { entity_ids: number[]; values: { x: number; y: number; z: number }[][] }[] }>(
    page.request, `/query?q=${q}&entity_ids=true&values=true&limit=10000&at=${frame}`);
  const expected: [number, number[]][] = then.results.flatMap((r) => r.entity_ids.map((id, i): [number, number[]] => {
    const p = r.values[0]![i]!;
    return [id, [p.x, p.y, p.z].map(Math.fround)];
  }));
  expect(expected.length).toBeGreaterThan(100);
  const drawn = await page.evaluate((ids) => ids.map((id) => (window as unknown as { __viewport: Hooks }).__viewport.position(id)), expected.map(([id]) => id));
  expect(drawn).toEqual(expected.map(([, p]) => p));
  await info.attach('viewport-past.png', { body: await page.screenshot(), contentType: 'image/png' });
  // The past stays on screen while the live world runs on.
  const shown = await hooks(page, (x) => x.frameNumber());
  await expect.poll(() => hooks(page, (x) => x.frameNumber()), { timeout: 15_000 }).toBeGreaterThan(shown + 3);
  expect(await hooks(page, (x) => x.pastFrame())).toBe(frame);

  await explorer.getByRole('button', { name: 'live' }).click();
  await expect.poll(() => hooks(page, (x) => x.pastFrame()), { timeout: 20_000 }).toBeNull();
  await expect(page.locator('.hud-past')).toBeHidden();
  await expect(page.locator('#app')).not.toHaveAttribute('data-past');
});

test('a breakpoint hit marks its entities in the viewport until time runs again', async ({ page }, info) => {
  await openViewport(page);
  const ship = await entityId(page.request, 'Ship4');
  await put(page.request, `/breakpoint/e2e-empty-tank?q=${encodeURIComponent('Fuel.value < 5')}`);
  await put(page.request, `/set/Ship4?data=${encodeURIComponent(JSON.stringify({ ids: [['Fuel']], values: [{ value: 1 }] }))}`);
  await expect.poll(() => hooks(page, (x) => x.highlighted().length), { timeout: 20_000 }).toBeGreaterThan(0);
  const hit = await getJson<{ last_hit: { ids: number[]; breakpoint: string } }>(page.request, '/breakpoints');
  expect(hit.last_hit.breakpoint).toBe('e2e-empty-tank');
  expect(hit.last_hit.ids).toContain(ship);
  expect((await hooks(page, (x) => x.highlighted())).sort()).toEqual([...hit.last_hit.ids].sort());
  await expect(page.locator('.hud-hit')).toContainText(`breakpoint hit: ${hit.last_hit.ids.length}`);
  await info.attach('viewport-hit.png', { body: await page.screenshot(), contentType: 'image/png' });
  // Continue: the first frame that runs the systems clears the marks.
  await put(page.request, '/breakpoint/e2e-empty-tank?enabled=false');
  await put(page.request, TIME({ paused: false }));
  await expect.poll(() => hooks(page, (x) => x.highlighted()), { timeout: 20_000 }).toEqual([]);
  await expect(page.locator('.hud-hit')).toBeHidden();
});
