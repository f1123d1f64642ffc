// Runs the model-based fuzz: `runs` sequences of at most `maxCommands` commands, each against a
// fresh host process with its own loop running, each sequence ending by waiting out its pending
// wait_for calls. Bounded by the number of commands, never by a timer. Gives what the runs did;
// throws fast-check's report (seed, path and the failing sequence) when an invariant breaks.
import fc from 'fast-check';
import { fuzzCommands } from './fuzz-commands';
import { FuzzHost, type FuzzTally } from './fuzz-host';
import { initialModel } from './fuzz-model';

export { FuzzFailure, type FuzzTally } from './fuzz-host';

/** Settings of a fuzz run. */
export interface FuzzOptions {
  readonly runs: number;
  readonly maxCommands: number;
  /** fast-check's seed, to replay a reported failure. */
  readonly seed?: number;
  /** Shrink a failing sequence (slow: each try starts a host); off, the first failing sequence is reported whole. */
  readonly shrink?: boolean;
}

/** Runs the fuzz; resolves with the tallies of every run summed, or rejects with the failure. */
export async function runFuzz(o: FuzzOptions): Promise<FuzzTally & { commands: number; runs: number }> {
  const sum: FuzzTally & { commands: number; runs: number } = { commands: 0, runs: 0, toolCalls: 0, toolErrors: 0, restCalls: 0, restErrors: 0, waits: 0, waitsChanged: 0, sessionsOpened: 0, watchesOpened: 0, notifications: 0 };
  await fc.assert(fc.asyncProperty(fuzzCommands(o.maxCommands), async (cmds) => {
    const real = await FuzzHost.start();
    let ok = false;
    try {
      await fc.asyncModelRun(() => ({ model: initialModel(), real }), cmds);
      await real.finish();
      ok = true;
    } finally {
      if (!ok) await real.close();
    }
    sum.runs++;
    sum.commands += [...cmds].length;
    for (const k of Object.keys(real.tally) as (keyof FuzzTally)[]) sum[k] += real.tally[k];
  }), { numRuns: o.runs, seed: o.seed, endOnFailure: !o.shrink, verbose: 1 });
  return sum;
}
