// Plain-Node entry: the headless host that `npm start` falls back to and that the e2e tests drive.
// Serves the REST interface and the viewport and explorer pages; Ctrl-C / SIGTERM stop it cleanly.
import { join } from 'node:path';
import { parseHostOptions } from './cli';
import { Host } from './host/index';

/** Time after SIGINT/SIGTERM at which the host exits even if closing has not finished, ms. */
const SHUTDOWN_CUT_MS = 900;

async function main(): Promise<void> {
  const options = parseHostOptions(process.argv);
  const host = new Host(options, join(import.meta.dirname, '..', 'renderer'));
  // Handlers first: a signal that arrives while starting (or right after the banner) stops cleanly too.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    // Never hang on shutdown: whatever is left is cut, early enough that the process is gone within a second.
    setTimeout(() => process.exit(0), SHUTDOWN_CUT_MS).unref();
    void host.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  let urls;
  try {
    urls = await host.start();
  } catch (err) {
    if (stopping) return;
    console.error(`ecs-live: ${(err as Error).message}`);
    await host.stop();
    process.exit(1);
  }
  if (stopping) return;
  console.log(`ecs-live "${options.title}" running at ${options.fps} fps`);
  console.log(`  REST      ${urls.rest}   (try: curl -s ${urls.rest}/entity/ecs/core/World)`);
  console.log(`  viewport  ${urls.viewport}`);
  console.log(`  explorer  ${urls.explorer}`);
}

void main();
