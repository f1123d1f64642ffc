// `npm run bench -- fuzz`: the model-based fuzz of the host (tests/support/fuzz) at length:
// FUZZ_RUNS sequences (default 20) of up to FUZZ_COMMANDS commands (default 100), each against a
// fresh built host with its own loop running; FUZZ_SEED replays a reported failure. Every MCP
// tool, resources and sessions, every REST endpoint and watches, valid and invalid arguments,
// wait_for calls pending while their entities change; after each command the process lives, every
// call was answered in its contract, frames advance, no rejection went unhandled, and the world
// agrees with the model. Reports what ran and fails (exit 1) with fast-check's report on the first
// broken invariant. `npm test` runs the same fuzz bounded (host-model-fuzz.test.ts). Needs a build.
import { infoRow, report } from './lib/report';
import { wholeNumberSetting } from './lib/settings';
import { staleBuildWarning } from './rest/index';
import { runFuzz } from '../tests/support/fuzz/run-fuzz';

const RUNS = wholeNumberSetting('FUZZ_RUNS', 20);
const COMMANDS = wholeNumberSetting('FUZZ_COMMANDS', 100);
const SEED = process.env.FUZZ_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : wholeNumberSetting('FUZZ_SEED', 1);

async function main(): Promise<void> {
  const stale = staleBuildWarning();
  if (stale) console.warn(stale);
  console.log(`fuzz: ${RUNS} runs of up to ${COMMANDS} commands, seed ${SEED} (FUZZ_SEED=${SEED} replays it)`);
  const t0 = Date.now();
  try {
    const done = await runFuzz({ runs: RUNS, maxCommands: COMMANDS, seed: SEED });
    report('fuzz', [
      infoRow('fuzz_seconds', Math.round((Date.now() - t0) / 100) / 10, 's'),
      infoRow('fuzz_runs', done.runs, 'host processes'),
      infoRow('fuzz_commands', done.commands, 'commands'),
      infoRow('fuzz_tool_calls', done.toolCalls, 'MCP requests'),
      infoRow('fuzz_tool_errors', done.toolErrors, 'error answers (expected by the model)'),
      infoRow('fuzz_rest_calls', done.restCalls, 'requests'),
      infoRow('fuzz_rest_refusals', done.restErrors, '4xx (expected by the model)'),
      infoRow('fuzz_waits', done.waits, 'wait_for calls'),
      infoRow('fuzz_waits_changed', done.waitsChanged, 'ended by a change'),
      infoRow('fuzz_sessions', done.sessionsOpened, 'MCP sessions'),
      infoRow('fuzz_watches', done.watchesOpened, 'SSE watches'),
      infoRow('fuzz_notifications', done.notifications, 'resource notices'),
    ]);
  } catch (e) {
    console.error((e as Error).message);
    if ((e as Error).cause) console.error(String((e as Error).cause));
    process.exitCode = 1;
  }
}

await main();
