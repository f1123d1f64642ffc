// The desktop app in a real Electron, where an Electron binary exists (a developer machine that
// let `npm ci` download it, or after `npm start` fetched it). npm ci here skips the download
// (ELECTRON_SKIP_BINARY_DOWNLOAD), so elsewhere this test is skipped, saying why; the wiring
// itself is tested under Node with a stand-in (tests/unit/main/desktop).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { _electron, expect, test } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';

/** Path of the Electron binary, or why there is none. */
function electronBinary(): { path?: string; why?: string } {
  try {
    // The electron package exports the path of its binary, and throws when it was never downloaded.
    const path = createRequire(import.meta.url)('electron') as string;
    return existsSync(path) ? { path } : { why: `no Electron binary at ${path}` };
  } catch (err) {
    return { why: `no Electron binary (${(err as Error).message.split('\n')[0]})` };
  }
}

const binary = electronBinary();
// A port of its own: the config's plain-Node host holds E2E_PORT.
const PORT = E2E_PORT + 9;

test('the desktop app opens its viewport window titled with the app title and answers REST', async () => {
  test.skip(!binary.path, `${binary.why}: npm ci does not download Electron; run \`npm start\` once to fetch it`);
  const app = await _electron.launch({
    executablePath: binary.path!,
    args: ['.', '--port', String(PORT), '--title', 'Electron E2E', '--asteroids', '100'],
  });
  try {
    await app.firstWindow();
    const titles = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.getTitle()));
    expect(titles).toEqual(['Electron E2E']);
    const r = await fetch(`http://127.0.0.1:${PORT}/entity/ecs/core/World?label=true`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { label: string }).label).toBe('Electron E2E');
  } finally {
    await app.close();
  }
});
