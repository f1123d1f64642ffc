// Finds the Host class and the option parser inside the built product (out/main), so benchmarks
// measure exactly what `node out/main/ecs-live.js` runs. The entry file imports both from a
// hashed chunk under aliases chosen by the bundler; the entry's import line says which.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './ipc-child';

/** The plain-Node entry of the built product. */
export const BUILT_ENTRY = join(REPO_ROOT, 'out', 'main', 'ecs-live.js');

/** What the benchmarks need from the built host module (structural, as the bundle has no types). */
export interface BuiltHost {
  /** `new Host(options, staticRoot)`; `start()` resolves with `{ rest }`, `stop()` ends it. */
  Host: new (options: unknown, staticRoot: string) => {
    start(): Promise<{ rest: string }>;
    stop(): Promise<void>;
    app: { intervalCount: number; skippedFrames: number; recentIntervals(): number[] };
    watches: { watcherCount: number };
    transport: { openStreams: number } | undefined;
  };
  /** The host's command-line parser (`parseHostOptions(argv)`). */
  parseHostOptions: (argv: readonly string[]) => unknown;
  /** Folder of the built pages. */
  staticRoot: string;
}

/** Maps the names imported by the entry's `import { a as X, Y } from "./chunks/…"` lines to their modules and exported names. */
function importsOf(entry: string): Map<string, { file: string; exported: string }> {
  const text = readFileSync(entry, 'utf8');
  const found = new Map<string, { file: string; exported: string }>();
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    if (!m[2]!.startsWith('.')) continue;
    const file = resolve(join(entry, '..'), m[2]!);
    for (const part of m[1]!.split(',')) {
      const [exported, local] = part.trim().split(/\s+as\s+/);
      if (exported) found.set((local ?? exported).trim(), { file, exported: exported.trim() });
    }
  }
  return found;
}

async function importBinding(imports: Map<string, { file: string; exported: string }>, name: string): Promise<unknown> {
  const where = imports.get(name);
  if (!where) throw new Error(`${BUILT_ENTRY} does not import '${name}' from a chunk any more; update bench/rest/built-host.ts to the new build layout`);
  const mod = (await import(pathToFileURL(where.file).href)) as Record<string, unknown>;
  return mod[where.exported];
}

/** Loads Host and parseHostOptions from the build; throws a message that says to build when it is missing. */
export async function loadBuiltHost(): Promise<BuiltHost> {
  if (!existsSync(BUILT_ENTRY)) throw new Error(`${BUILT_ENTRY} is missing: build the product first with 'npx electron-vite build'`);
  const imports = importsOf(BUILT_ENTRY);
  const Host = await importBinding(imports, 'Host');
  const parseHostOptions = await importBinding(imports, 'parseHostOptions');
  if (typeof Host !== 'function' || typeof parseHostOptions !== 'function') {
    throw new Error(`the build's Host or parseHostOptions is not a function (got ${typeof Host}, ${typeof parseHostOptions}): rebuild with 'npx electron-vite build'`);
  }
  return { Host: Host as BuiltHost['Host'], parseHostOptions: parseHostOptions as BuiltHost['parseHostOptions'], staticRoot: join(REPO_ROOT, 'out', 'renderer') };
}

function newestFile(dir: string): { file: string; mtime: number } {
  let best = { file: '', mtime: 0 };
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name);
    const candidate = name.isDirectory() ? newestFile(path) : { file: path, mtime: statSync(path).mtimeMs };
    if (candidate.mtime > best.mtime) best = candidate;
  }
  return best;
}

/** A warning when a source file the host is built from is newer than the build; undefined when the build is current. */
export function staleBuildWarning(): string | undefined {
  if (!existsSync(BUILT_ENTRY)) return undefined;
  const built = statSync(BUILT_ENTRY).mtimeMs;
  for (const dir of ['src/main', 'src/shared']) {
    const newest = newestFile(join(REPO_ROOT, dir));
    if (newest.mtime > built) return `warning: ${newest.file} is newer than ${BUILT_ENTRY}; the numbers are for the older build (run 'npx electron-vite build' first to measure the current code)`;
  }
  return undefined;
}
