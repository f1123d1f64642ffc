// The real probes behind the browser resolver: this machine's environment, PATH, Playwright's
// own browser folder, and the packaged Chromium of @sparticuz/chromium, extracted once into a
// versioned folder of the temp directory (about 210 MB, a few seconds the first time).
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import type { BrowserProbes } from './browser-resolver';

const require = createRequire(import.meta.url);

function isFile(path: string): boolean {
  try { return statSync(path).isFile(); } catch { return false; }
}

/** First of `names` found as a file in a PATH folder. */
export function findOnPath(names: readonly string[], path = process.env.PATH ?? ''): string | undefined {
  const dirs = path.split(delimiter).filter(Boolean);
  for (const name of names) for (const dir of dirs) if (isFile(join(dir, name))) return join(dir, name);
  return undefined;
}

/** Folder the packaged Chromium of this package version is extracted into. */
export function packagedFolder(): string {
  // The package exports only its entry (build/index.js); its package.json sits one folder up.
  const entry = require.resolve('@sparticuz/chromium');
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return join(tmpdir(), `ecs-live-chromium-${version}`);
}

/**
 * Extracts the packaged Chromium into packagedFolder() unless it is there, and returns its path.
 * The package extracts into the temp directory it reads from TMPDIR, so we point TMPDIR at a
 * private staging folder and rename it into place when complete: a run that is interrupted,
 * or two runs at once, never leave a half-written browser behind for the next run.
 */
export async function extractPackagedChromium(): Promise<string> {
  const folder = packagedFolder();
  const exe = join(folder, 'chromium');
  if (isFile(exe)) return exe;
  const staging = mkdtempSync(`${folder}.staging-`);
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    const { default: packaged } = await import('@sparticuz/chromium');
    await packaged.executablePath();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR; else process.env.TMPDIR = saved;
  }
  try {
    renameSync(staging, folder);
  } catch (err) {
    // Another run finished first: keep its copy.
    rmSync(staging, { recursive: true, force: true });
    if (!isFile(exe)) throw err;
  }
  return exe;
}

/** The probes of this machine. */
export function machineProbes(): BrowserProbes {
  return {
    env: process.env,
    platform: process.platform,
    arch: process.arch,
    exists: existsSync,
    playwrightChromium: () => chromium.executablePath(),
    findOnPath,
    packagedChromium: extractPackagedChromium,
  };
}
