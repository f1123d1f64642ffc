// A tab that goes to the background and comes back shows the present, not what it missed. The
// explorer follows a query of moving asteroids by watch; the page's scripts are stopped (as a
// frozen background tab's are: no task runs, the stream's events wait in the browser and the
// sockets) while the host runs AWAY_FRAMES frames, then run again. The scripts are stopped with
// the debugger: CDP's Page.setWebLifecycleState 'frozen' did not stop the events in this headless
// Chromium (an EventSource kept receiving every frame on time while 'frozen'). Counted in frames
// (the results bar's data-frame is the frame of the results shown; a PUT's ECS-Frame header is the
// host's frame), never timed.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { openExplorer } from './support/explorer';

/** Frames the tab stays frozen: 10 s at 60 fps, far more than the 1 s a watch client may lag. */
const AWAY_FRAMES = 600;
/** "Within a frame or two." */
const PRESENT_FRAMES = 2;
const NOOP_PUT = `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ time_scale: 1 }] }))}`;

/** The host's frame now: the frame a harmless PUT landed in. */
async function hostFrame(request: APIRequestContext): Promise<number> {
  const r = await request.put(NOOP_PUT);
  expect(r.status()).toBe(200);
  return Number(r.headers()['ecs-frame']);
}

test('a watch in a tab back from the background shows the present within two frames, nothing from the time away', async ({ page }) => {
  test.setTimeout(240_000);
  const x = await openExplorer(page);
  await x.queryBox.fill('Asteroid, Position');
  await x.queryBox.press('Enter');
  await x.queryPanel.getByRole('checkbox', { name: 'live' }).check();
  // The largest page: the events of the time away are more than the browser and the sockets hold.
  await x.queryPanel.getByRole('combobox', { name: 'Rows per page' }).selectOption('200');
  const bar = x.queryPanel.locator('.results-bar');
  await expect(bar).toHaveAttribute('data-live', 'watch');
  await expect(bar).toHaveAttribute('data-frame', /^\d+$/, { timeout: 30_000 });
  // Every frame the bar shows from now on, in order (kept in the page, which the freeze leaves intact).
  await page.evaluate(() => {
    const shown: number[] = [];
    (window as unknown as { shownFrames: number[] }).shownFrames = shown;
    new MutationObserver(() => {
      const f = document.querySelector<HTMLElement>('.results-bar')?.dataset.frame;
      if (f !== undefined && Number(f) !== shown.at(-1)) shown.push(Number(f));
    }).observe(document.body, { attributes: true, attributeFilter: ['data-frame'], subtree: true, childList: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Debugger.enable');
  const paused = new Promise((resolve) => cdp.once('Debugger.paused', resolve));
  await cdp.send('Debugger.pause');
  await paused;
  const frozenAt = await hostFrame(page.request);
  await expect.poll(() => hostFrame(page.request), { timeout: 120_000, intervals: [500] }).toBeGreaterThan(frozenAt + AWAY_FRAMES);
  const returnedAt = await hostFrame(page.request);
  await cdp.send('Debugger.resume');
  const shownAfter = async () => (await page.evaluate(() => (window as unknown as { shownFrames: number[] }).shownFrames)).filter((f) => f > frozenAt);
  await expect.poll(async () => (await shownAfter()).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const after = await shownAfter();
  // The first state shown after the freeze is the present when the tab came back (within two frames);
  // a state from the time away (frozenAt < frame < returnedAt - 2) is never shown.
  expect(after[0], `frames shown after the freeze: ${after.slice(0, 20).join(' ')}; frozen at ${frozenAt}, back at ${returnedAt}`)
    .toBeGreaterThanOrEqual(returnedAt - PRESENT_FRAMES);
});
