import { defineConfig } from '@playwright/test';

// End-to-end tests drive the system Chromium (never a downloaded browser) against the
// plain-Node host, started on a test port so a running app on 27750 is left alone.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 27761);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
