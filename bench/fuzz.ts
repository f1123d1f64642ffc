// `npm run bench -- fuzz`: the model-based fuzz of the host (tests/support/fuzz) at length:
// FUZZ_RUNS sequences (default 20) of up to FUZZ_COMMANDS commands (default 100), each against a
// fresh built host with its own loop running; FUZZ_SEED replays a reported failure. Every MCP
// tool, resources and sessions, every REST endpoint and watches, valid and invalid arguments,
// wait_for calls pending while their entities change; after each command the process lives, every
// call was answered in its contract, frames advance, no rejection went unhandled, and the world
// agrees with the model. Reports what ran and fails (exit 1) with fast-check's report on the first
// broken invariant. `npm test` runs the same fuzz bounded (host-model-fuzz.test.ts). Needs a build.
import { report, type BenchRow } from './lib/report';
import { staleBuildWarning } from './rest/index';
import { runFuzz } from '../tests/support/fuzz/run-fuzz';

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got '${raw}'`);
  return n;
}

const RUNS = setting('FUZZ_RUNS', 20);
const COMMANDS = setting('FUZZ_COMMANDS', 100);
const SEED = process.env.FUZZ_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : setting('FUZZ_SEED', 1);

async function main(): Promise<void> {
  const stale = staleBuildWarning();
  if (stale) console.warn(stale);
  console.log(`fuzz: ${RUNS} runs of up to ${COMMANDS} commands, seed ${SEED} (FUZZ_SEED=${SEED} replays it)`);
  const t0 = Date.now();
  try {
    const done = await runFuzz({ runs: RUNS, maxCommands: COMMANDS, seed: SEED });
    const info = (name: string, ours: number, unit: string): BenchRow => ({ case: name, ours, peer: '', peer_value: NaN, unit, ratio: NaN });
    report('fuzz', [
      info('fuzz_seconds', Math.round((Date.now() - t0) / 100) / 10, 's'),
      info('fuzz_runs', done.runs, 'host processes'),
      info('fuzz_commands', done.commands, 'commands'),
      info('fuzz_tool_calls', done.toolCalls, 'MCP requests'),
      info('fuzz_tool_errors', done.toolErrors, 'error answers (expected by the model)'),
      info('fuzz_rest_calls', done.restCalls, 'requests'),
      info('fuzz_rest_refusals', done.restErrors, '4xx (expected by the model)'),
      info('fuzz_waits', done.waits, 'wait_for calls'),
      info('fuzz_waits_changed', done.waitsChanged, 'ended by a change'),
      info('fuzz_sessions', done.sessionsOpened, 'MCP sessions'),
      info('fuzz_watches', done.watchesOpened, 'SSE watches'),
      info('fuzz_notifications', done.notifications, 'resource notices'),
    ]);
  } catch (e) {
    console.error((e as Error).message);
    if ((e as Error).cause) console.error(String((e as Error).cause));
    process.exitCode = 1;
  }
}

await main();
