// Picks the Chromium the end-to-end tests drive, in a fixed order, and says why:
//   1. CHROMIUM_PATH — an explicit executable the user named;
//   2. a Chromium Playwright itself installed (`npx playwright install chromium`);
//   3. a system Chromium or Chrome found on PATH;
//   4. the Chromium packaged in the npm dev dependency @sparticuz/chromium (Linux x64 only),
//      extracted once into the temp folder; it needs no root and draws WebGL with SwiftShader.
// E2E_BROWSER=packaged skips 1–3, so CI tests what a fresh machine gets even where a
// system browser exists. The probes are passed in, so the order is unit-tested without a browser.

/** Where the chosen browser came from. */
export type BrowserSource = 'env' | 'playwright' | 'system' | 'packaged';

/** The chosen executable, where it came from, and a sentence saying why it was chosen. */
export interface ResolvedBrowser {
  executablePath: string;
  source: BrowserSource;
  reason: string;
}

/** What the resolver may look at; each probe is a function so tests can stand in for the machine. */
export interface BrowserProbes {
  env: Record<string, string | undefined>;
  platform: string;
  arch: string;
  /** True when a file exists at this path. */
  exists(path: string): boolean;
  /** Path of the Chromium Playwright would launch (may not exist yet). */
  playwrightChromium(): string | undefined;
  /** First of these command names found on PATH, as an absolute path. */
  findOnPath(names: readonly string[]): string | undefined;
  /** Extracts the packaged Chromium (once) and returns its path; throws when it is not installed. */
  packagedChromium(): Promise<string>;
}

/** Executable names of a system Chromium or Chrome, in order of preference. */
export const SYSTEM_BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'] as const;

/** Resolves the browser in the documented order; throws with every option tried when none fits. */
export async function resolveBrowser(probes: BrowserProbes): Promise<ResolvedBrowser> {
  const forced = probes.env.E2E_BROWSER;
  if (forced !== undefined && forced !== '' && forced !== 'packaged' && forced !== 'auto') {
    throw new Error(`E2E_BROWSER=${forced} is not understood: use "packaged" (force the npm-packaged Chromium) or "auto" (the default order)`);
  }
  const tried: string[] = [];
  if (forced !== 'packaged') {
    const explicit = probes.env.CHROMIUM_PATH;
    if (explicit) {
      if (!probes.exists(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} does not exist: point it at a Chromium or Chrome executable, or unset it`);
      return { executablePath: explicit, source: 'env', reason: 'CHROMIUM_PATH names it' };
    }
    tried.push('CHROMIUM_PATH is not set');
    const installed = probes.playwrightChromium();
    if (installed && probes.exists(installed)) {
      return { executablePath: installed, source: 'playwright', reason: 'Playwright has installed its own Chromium' };
    }
    tried.push('Playwright has installed no Chromium');
    const system = probes.findOnPath(SYSTEM_BROWSER_NAMES);
    if (system) return { executablePath: system, source: 'system', reason: 'found on PATH' };
    tried.push(`none of ${SYSTEM_BROWSER_NAMES.join(', ')} is on PATH`);
  }
  if (probes.platform !== 'linux' || probes.arch !== 'x64') {
    tried.push(`the packaged Chromium is built for Linux x64 only (this is ${probes.platform} ${probes.arch})`);
    throw new Error(`no Chromium for the end-to-end tests: ${tried.join('; ')}. Set CHROMIUM_PATH or run \`npx playwright install chromium\``);
  }
  const reason = forced === 'packaged' ? 'E2E_BROWSER=packaged forces it' : `${tried.join('; ')}`;
  try {
    return { executablePath: await probes.packagedChromium(), source: 'packaged', reason };
  } catch (err) {
    throw new Error(`the packaged Chromium (@sparticuz/chromium) could not be used: ${(err as Error).message}. Run \`npm ci\`, or set CHROMIUM_PATH`, { cause: err });
  }
}
