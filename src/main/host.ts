// Plain-Node entry: the headless host that `npm start` falls back to and that the e2e tests drive.
// Serves the REST interface and the viewport and explorer pages; Ctrl-C / SIGTERM stop it cleanly.
import { join } from 'node:path';
import { parseHostOptions } from './cli';
import { Host } from './host/index';

async function main(): Promise<void> {
  const options = parseHostOptions(process.argv);
  const host = new Host(options, join(import.meta.dirname, '..', 'renderer'));
  let urls;
  try {
    urls = await host.start();
  } catch (err) {
    console.error(`ecs-live: ${(err as Error).message}`);
    await host.stop();
    process.exit(1);
  }
  console.log(`ecs-live "${options.title}" running at ${options.fps} fps`);
  console.log(`  REST      ${urls.rest}   (try: curl -s ${urls.rest}/entity/ecs/core/World)`);
  console.log(`  viewport  ${urls.viewport}`);
  console.log(`  explorer  ${urls.explorer}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    // Never hang on shutdown: whatever is left after a second is cut.
    setTimeout(() => process.exit(0), 1000).unref();
    void host.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
