// The order in which the end-to-end tests pick a Chromium, with every probe stood in for.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { resolveBrowser, type BrowserProbes } from '../../e2e/support/browser-resolver';
import { findOnPath } from '../../e2e/support/machine-browsers';

/** A machine with nothing but what `over` adds; the packaged browser records that it was asked for. */
function machine(over: Partial<BrowserProbes> & { files?: string[] } = {}): BrowserProbes & { packagedCalls: number } {
  const files = new Set(over.files ?? []);
  const m = {
    env: {},
    platform: 'linux',
    arch: 'x64',
    exists: (p: string) => files.has(p),
    playwrightChromium: () => '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux/chrome',
    findOnPath: () => undefined,
    packagedCalls: 0,
    async packagedChromium() { m.packagedCalls++; return '/tmp/ecs-live-chromium-153.0.0/chromium'; },
    ...over,
  };
  return m;
}

describe('browser resolver order', () => {
  test('CHROMIUM_PATH wins over everything else', async () => {
    const m = machine({ env: { CHROMIUM_PATH: '/opt/chrome/chrome' }, files: ['/opt/chrome/chrome', '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux/chrome'], findOnPath: () => '/usr/bin/chromium' });
    expect(await resolveBrowser(m)).toMatchObject({ executablePath: '/opt/chrome/chrome', source: 'env' });
    expect(m.packagedCalls).toBe(0);
  });

  test('a CHROMIUM_PATH that does not exist is an error naming it, not a silent fallback', async () => {
    await expect(resolveBrowser(machine({ env: { CHROMIUM_PATH: '/nope/chrome' } }))).rejects.toThrow(/CHROMIUM_PATH=\/nope\/chrome does not exist/);
  });

  test("Playwright's own Chromium comes before a system one", async () => {
    const m = machine({ files: ['/home/u/.cache/ms-playwright/chromium-1255/chrome-linux/chrome'], findOnPath: () => '/usr/bin/chromium' });
    expect(await resolveBrowser(m)).toMatchObject({ source: 'playwright', executablePath: '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux/chrome' });
  });

  test('a system Chromium on PATH comes before the packaged one', async () => {
    const m = machine({ findOnPath: (names) => (names.includes('chromium') ? '/usr/bin/chromium' : undefined) });
    expect(await resolveBrowser(m)).toMatchObject({ source: 'system', executablePath: '/usr/bin/chromium' });
    expect(m.packagedCalls).toBe(0);
  });

  test('with nothing installed, the packaged one is used and the reason lists what was missing', async () => {
    const m = machine();
    const b = await resolveBrowser(m);
    expect(b).toMatchObject({ source: 'packaged', executablePath: '/tmp/ecs-live-chromium-153.0.0/chromium' });
    expect(b.reason).toMatch(/CHROMIUM_PATH is not set.*Playwright has installed no Chromium.*on PATH/);
    expect(m.packagedCalls).toBe(1);
  });

  test('E2E_BROWSER=packaged skips every other browser', async () => {
    const m = machine({ env: { E2E_BROWSER: 'packaged', CHROMIUM_PATH: '/opt/chrome/chrome' }, files: ['/opt/chrome/chrome'], findOnPath: () => '/usr/bin/chromium' });
    expect(await resolveBrowser(m)).toMatchObject({ source: 'packaged', reason: 'E2E_BROWSER=packaged forces it' });
  });

  test('an unknown E2E_BROWSER value is refused', async () => {
    await expect(resolveBrowser(machine({ env: { E2E_BROWSER: 'firefox' } }))).rejects.toThrow(/E2E_BROWSER=firefox is not understood/);
  });

  test('outside Linux x64 with no browser, the error says how to provide one', async () => {
    const m = machine({ platform: 'darwin', arch: 'arm64' });
    await expect(resolveBrowser(m)).rejects.toThrow(/Linux x64 only.*CHROMIUM_PATH.*playwright install/);
    expect(m.packagedCalls).toBe(0);
  });

  test('a failed extraction is reported with the way out', async () => {
    const m = machine({ packagedChromium: async () => { throw new Error('no space left on device'); } });
    await expect(resolveBrowser(m)).rejects.toThrow(/no space left on device.*npm ci.*CHROMIUM_PATH/);
  });
});

describe('findOnPath', () => {
  test('returns the first name found in PATH order, and ignores folders with that name', () => {
    const root = mkdtempSync(join(tmpdir(), 'find-on-path-'));
    for (const d of ['a', 'b']) mkdirSync(join(root, d));
    mkdirSync(join(root, 'a', 'chromium')); // a folder, not an executable
    writeFileSync(join(root, 'b', 'chromium'), '');
    writeFileSync(join(root, 'a', 'google-chrome'), '');
    const path = [join(root, 'a'), join(root, 'b')].join(delimiter);
    expect(findOnPath(['chromium', 'google-chrome'], path)).toBe(join(root, 'b', 'chromium'));
    expect(findOnPath(['google-chrome'], path)).toBe(join(root, 'a', 'google-chrome'));
    expect(findOnPath(['chrome'], path)).toBeUndefined();
  });
});
