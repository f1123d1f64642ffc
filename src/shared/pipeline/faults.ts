// Faults of a world's parts: a system, a frame hook, a watch, a stream, a REST request or an MCP call that threw.
// Each part is a unit that fails alone (the frame loop is its supervisor and never sees the
// exception): the boundary that caught it closes the part, reports it here once, and goes on.
// Here it is counted (the monitor's faults.count statistic), kept among the recent ones, logged
// once, and passed to listeners (the monitor raises an alert for a failed system).
import type { World } from '../ecs';

/** The host's console, reached through globalThis: src/shared has no node or DOM declarations. */
const host = globalThis as unknown as { console?: { error(line: string): void } };

/** The kinds of part that are closed alone when they throw. */
export const FAULT_KINDS = ['system', 'frame_hook', 'watch', 'stream', 'request', 'mcp'] as const;
/** A kind of part (FAULT_KINDS). */
export type FaultKind = (typeof FAULT_KINDS)[number];

/** One fault, as reported. */
export interface Fault {
  readonly kind: FaultKind;
  /** Which part: a system's path, a hook's name, a watched target, an MCP tool or session. */
  readonly part: string;
  /** The error's message. */
  readonly error: string;
  /** Frames the app had run when it happened (0 when no app runs the world). */
  readonly frame: number;
}

/** Faults kept for reading (the newest ones). */
export const RECENT_FAULTS = 20;

/** Called for every fault reported. */
export type FaultListener = (fault: Fault) => void;

/** The fault record of one world. */
export class Faults {
  /** Faults reported since the start. */
  count = 0;
  /** Faults per kind since the start. */
  readonly byKind: Record<FaultKind, number> = Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;
  /** The last RECENT_FAULTS faults, oldest first. */
  readonly recent: Fault[] = [];
  /** Where a fault is logged (once, with its stack): stderr unless a test or host says otherwise. */
  log: (line: string) => void = (line) => host.console?.error(line);
  /** The frame count stamped on faults (the app sets it). */
  frame: () => number = () => 0;
  private readonly listeners: FaultListener[] = [];

  /** Calls `fn` for each fault from now on; returns a function that stops it. */
  onFault(fn: FaultListener): () => void {
    this.listeners.push(fn);
    return () => { const i = this.listeners.indexOf(fn); if (i >= 0) this.listeners.splice(i, 1); };
  }

  /** Reports a fault caught at a part's boundary (the part is already closed); gives its record. */
  report(kind: FaultKind, part: string, err: unknown): Fault {
    const error = err instanceof Error ? err.message : String(err);
    const fault: Fault = { kind, part, error, frame: this.frame() };
    this.count++;
    this.byKind[kind]++;
    this.recent.push(fault);
    if (this.recent.length > RECENT_FAULTS) this.recent.shift();
    const stack = err instanceof Error && err.stack ? `\n${err.stack}` : '';
    this.log(`ecs-live: ${kind} '${part}' threw and was closed (frame ${fault.frame}): ${error}${stack}`);
    // A listener that throws must not turn one fault into a crash of its reporter.
    for (const fn of [...this.listeners]) {
      try { fn(fault); } catch (e) { this.log(`ecs-live: a fault listener threw: ${e instanceof Error ? e.message : String(e)}`); }
    }
    return fault;
  }
}

const records = new WeakMap<World, Faults>();

/** The fault record of a world (created on first use). */
export function faultsOf(world: World): Faults {
  let f = records.get(world);
  if (!f) { f = new Faults(); records.set(world, f); }
  return f;
}
