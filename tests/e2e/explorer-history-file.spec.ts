// The timeline's export and import against the real host with its own clock: a recording taken
// over REST is opened with the import button (the file chooser), the host then holds it (paused at
// its first frame, the loop standing still), so the export button's download and GET
// /history/export of the same frame are taken at the same frame and must be the same bytes. A file
// the host refuses shows the host's reason in the timeline's error line.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { getJson, put } from './support/rest';

const TIME = (value: Record<string, unknown>) => `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [value] }))}`;

// A write goes on from the held frame: the host runs its loop again for the specs after this one.
test.afterEach(async ({ page }) => {
  await put(page.request, TIME({ paused: false, step: 0, time_scale: 1 }));
});

test('import a recording with the button, then export the frame shown: the download is GET /history/export of that frame, byte for byte', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const before = await getJson<{ first: number; last: number }>(page.request, '/history');
  const recorded = await page.request.get('/history/export');
  expect(recorded.status()).toBe(200);
  const file = await recorded.body();

  await page.goto('/explorer/');
  const slider = page.getByRole('slider', { name: /Frame shown/ });
  await expect(slider).toBeVisible({ timeout: 15_000 });
  const chooser = page.waitForEvent('filechooser');
  // The host answers the PUT once the file is read and tried on its replica (seconds on a busy
  // machine): the test waits for that answer, not for a guess at how long it takes.
  const isImport = (url: string) => url.endsWith('/history/import');
  const answered = Promise.race([
    page.waitForResponse((r) => isImport(r.url()) && r.request().method() === 'PUT', { timeout: 150_000 }).then((r) => `${r.status()}`),
    page.waitForEvent('requestfailed', { predicate: (r) => isImport(r.url()), timeout: 150_000 }).then((r) => `failed: ${r.failure()?.errorText}`),
  ].map((p) => p.catch((err: unknown) => `no answer: ${String(err)}`)));
  // While the host reads the file, the timeline says so and the import button waits: the PUT is
  // held here until that showed.
  let sent!: () => void;
  const shown = new Promise<void>((resolve) => { sent = resolve; });
  await page.route((url) => isImport(url.href), async (route) => { await shown; await route.continue(); });
  const importButton = page.getByRole('button', { name: 'import', exact: true });
  await importButton.click();
  await (await chooser).setFiles({ name: 'recording.gz', mimeType: 'application/gzip', buffer: file });
  await expect(page.getByTestId('history-opening')).toHaveText('opening recording.gz: the host checks every frame…');
  await expect(importButton).toBeDisabled();
  sent();
  const status = await answered;
  await expect(page.getByTestId('history-opening')).toHaveCount(0);
  await expect(importButton).toBeEnabled();
  // Refused: the timeline's error line says why.
  if (status !== '200') {
    await page.getByRole('alert').waitFor({ timeout: 10_000 }).catch(() => undefined);
    expect(`${status}: ${(await page.getByRole('alert').allTextContents()).join(' ')}`).toBe('200');
  }
  // Opened: the host stands at the file's first frame, paused.
  // (A live host stands at its last frame; only an opened file puts it at its first.)
  const opened = await getJson<{ first: number; last: number; frame: number }>(page.request, '/history');
  expect(opened.frame, `host at frame ${opened.frame} of ${opened.first}-${opened.last}`).toBe(opened.first);
  expect(opened.last).toBeGreaterThanOrEqual(before.last);
  await expect(page.getByTestId('paused-banner')).toHaveAttribute('data-paused', 'true', { timeout: 10_000 });

  // The slider stands at the live frame (the file's first), the later frames ahead of it.
  await expect(slider).toHaveAttribute('max', String(opened.last), { timeout: 10_000 });
  await expect(slider).toHaveValue(String(opened.first));
  await expect(page.getByTestId('viewing-past')).toHaveCount(0);
  const frame = opened.first + Math.floor((opened.last - opened.first) / 2);
  await slider.fill(String(frame));
  await expect(page.getByTestId('viewing-past')).toHaveText(`viewing the past: frame ${frame}`);
  const download = page.waitForEvent('download');
  await page.getByTestId('history-export').click();
  const saved = readFileSync((await (await download).path())!);
  const direct = await page.request.get(`/history/export?to=${frame}`);
  expect(direct.status()).toBe(200);
  const bytes = await direct.body();
  expect(saved.byteLength).toBe(bytes.byteLength);
  expect(saved.equals(bytes)).toBe(true);
  expect([saved[0], saved[1]]).toEqual([0x1f, 0x8b]);

  // A refused file: the host's reason in the error line, and the held recording as it was.
  const chooser2 = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'import', exact: true }).click();
  await (await chooser2).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a recording') });
  await expect(page.getByRole('alert')).toContainText('import refused: not a history file: it is not gzip-compressed');
  expect(await getJson(page.request, '/history')).toEqual(opened);
  expect(errors).toEqual([]);
});
