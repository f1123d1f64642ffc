// The demo host the docs' examples run against: the product's Host (demo world, router, HTTP
// transport, watches, pages) in this process, on a free port, with the options of `npm start`
// and a fixed seed. A paused host runs no frame at all, so its replies are the same on every run;
// a live one runs its loop (statistics and watches need frames).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseHostOptions } from '../../src/main/cli';
import { Host } from '../../src/main/host';

/** The seed of the demo the docs show (`npm start` uses it by default). */
export const DOCS_SEED = 1;
/** The built pages (out/renderer), served under /viewport/ and /explorer/. */
export const PAGES_ROOT = join(import.meta.dirname, '..', '..', 'out', 'renderer');

/** Whether the pages are built (`npx electron-vite build`, the first step of `npm test`). */
export function pagesBuilt(): boolean {
  return existsSync(join(PAGES_ROOT, 'explorer', 'index.html'));
}

/** A demo host serving on 127.0.0.1. */
export interface DemoHost {
  readonly host: Host;
  readonly port: number;
  stop(): Promise<void>;
}

/** Starts a demo host; `live` runs its frame loop, otherwise no frame ever runs. */
export async function startDemoHost(live: boolean): Promise<DemoHost> {
  const host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--seed', String(DOCS_SEED)]), PAGES_ROOT);
  const w = host.world;
  // Setting the Rest singleton serves (as Host.start does) without starting the frame loop.
  w.set(w.core.World, w.core.Rest, { port: 0, address: '127.0.0.1' });
  const urls = await host.serving!;
  // The history starts from this state, as Host.start starts it.
  host.history?.start();
  if (live) host.app.start();
  return { host, port: Number(new URL(urls.rest).port), stop: () => host.stop() };
}
