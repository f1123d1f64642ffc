// Timers a test fires by hand (McpEndpointOptions.timers): wait_for's timeout_seconds and the
// idle sweep run when the test says, so no test waits on the wall clock for them.
import type { McpTimers } from '../../../../src/main/mcp';

/** One-shot timers held until fired. */
export class ManualTimers implements McpTimers {
  private next = 1;
  private readonly armed = new Map<number, { fn: () => void; ms: number }>();

  set(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.armed.set(id, { fn, ms });
    return id;
  }

  clear(handle: unknown): void {
    this.armed.delete(handle as number);
  }

  /** Delays (ms) of the timers armed now, oldest first. */
  get delays(): number[] {
    return [...this.armed.values()].map((t) => t.ms);
  }

  /** Fires (once) every armed timer of `ms`; returns how many fired. */
  fire(ms: number): number {
    const due = [...this.armed].filter(([, t]) => t.ms === ms);
    for (const [id, t] of due) {
      this.armed.delete(id);
      t.fn();
    }
    return due.length;
  }
}
