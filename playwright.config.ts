import { defineConfig } from '@playwright/test';
import { resolveBrowser } from './tests/e2e/support/browser-resolver';
import { machineProbes } from './tests/e2e/support/machine-browsers';

// End-to-end tests drive a Chromium chosen in a documented order (tests/e2e/support/browser-resolver.ts:
// CHROMIUM_PATH, Playwright's own, a system one on PATH, then the npm-packaged one) against the
// plain-Node host, started on a test port so a running app on 27750 is left alone.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 27761);

const browser = await resolveBrowser(machineProbes());
// The config is loaded again in each worker; say it once, in the runner.
if (process.env.TEST_WORKER_INDEX === undefined) {
  console.log(`e2e browser: ${browser.executablePath} (${browser.source}: ${browser.reason})`);
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    // A click or fill that waits for an element that never comes fails on its own, naming it,
    // instead of running into the test's timeout with no word on where it stood.
    actionTimeout: 30_000,
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browser.executablePath,
      args: [
        '--no-sandbox',
        '--use-gl=angle',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `node out/main/ecs-live.js --port ${E2E_PORT} --title e2e-demo --seed 7`,
    url: `http://127.0.0.1:${E2E_PORT}/entity/ecs/core/World`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
