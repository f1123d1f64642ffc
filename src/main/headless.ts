// Plain-Node entry: the headless host that `npm start` falls back to and that the e2e tests drive.
// Serves the REST interface and the viewport and explorer pages; Ctrl-C / SIGTERM stop it cleanly,
// and so does the end of the launcher that started it with an IPC channel (launcher.ts).
import { join } from 'node:path';
import { CONTRACT_MOUNT } from '../shared/protocol';
import { dialectOf } from '../shared/rest';
import { parseHostOptions } from './cli';
import { Host } from './host';
import { watchLauncher } from './launcher';

async function main(): Promise<void> {
  const options = parseHostOptions(process.argv);
  const host = new Host(options, join(import.meta.dirname, '..', 'renderer'));
  // Handlers first: a signal that arrives while starting (or right after the banner) stops cleanly too.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    // Never hang on shutdown: whatever is left after --stop-timeout is cut. That is a failure to
    // close cleanly, so it says so and exits 1; only a stop that finished exits 0.
    setTimeout(() => {
      console.error(`ecs-live: stopping did not finish within ${options.stopTimeoutMs} ms (--stop-timeout); exiting anyway`);
      process.exit(1);
    }, options.stopTimeoutMs).unref();
    void host.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // npm start's launcher went without passing a signal on (SIGKILL, or a signal it did not catch).
  watchLauncher(() => stop('launcher gone'));
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
  // The World's path in the dialect served (flecs/core/World in a compat mode).
  const world = dialectOf(options.compat).names.printPath('ecs/core/World', '/');
  console.log(`  REST      ${urls.rest}   (try: curl -s ${urls.rest}/entity/${world})`);
  // In a compat dialect the contract is served beside it, for the pages and MCP (docs/dialects.md).
  if (options.compat !== undefined) console.log(`  contract  ${urls.rest}${CONTRACT_MOUNT}   (the contract, as the explorer and MCP speak it; the root speaks ${options.compat})`);
  console.log(`  viewport  ${urls.viewport}`);
  console.log(`  explorer  ${urls.explorer}`);
}

void main();
