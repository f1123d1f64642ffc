// Per-table kernels: the call of a system on one cached result, generated as a function of its own
// so that V8 compiles the system's loop with the table's arrays as constants.
//
// Why: V8 compiles a loop over typed arrays 2-3x tighter when the arrays are constants of the code
// (no map checks, pointer reloads or bounds checks against lengths it must load), and it only
// knows them as constants when the function that reaches them is the single closure of its source
// and its captured variables are never assigned. A kernel is such a function: its source is made
// anew for each (system, table), it captures the table's iterator (whose field views are frozen)
// and the system's run, and it calls run, which V8 inlines into it with the arrays folded in.
// Counted with bench/ecs-count (instructions per entity of move's frame, 10,000 entities):
// Node 20 60.3 -> 22.7 (the hand-written loop: 21.2), Node 24 39.3 -> 26.5 (hand: 22.0).
// V8 optimizes a kernel once it has been called often enough (about 1,000-4,000 frames on Node 20,
// 10,000-14,000 to its top tier on Node 24); until then the system's loop runs as it did without one.
import type { Column, ColumnViews } from '../ecs';

/**
 * How a kernel's source reaches the system's run. 'direct': the kernel calls run. 'stepped': it
 * calls run through two generated steps, each too large for V8's small-function rule (27 bytes
 * of bytecode), which the frame values are written in. Why: V8 from 11.7 (Node 22 and later,
 * Electron, browsers) runs a kernel called once a frame in its mid tier, Maglev, for about
 * 10,000 calls, and Maglev inlined a directly called run there without inlining its `field()`
 * calls (under Maglev's call-frequency threshold), so the user's loop ran on arrays it fetched
 * through calls: frag_iter 1.7 -> 4.0 µs per frame and simple_iter 3.9 -> 9.8 over frames
 * 2,000-8,000 on Node 24. Maglev inlines one level of functions that are not small
 * (--max-maglev-inline-depth=1) and TurboFan five, so through the steps Maglev calls the
 * system's own optimized code (the plain path's loop) and TurboFan still inlines the steps, run
 * and field() with the arrays as constants. On V8 before 11.7 (Node 20, no Maglev) the steps only
 * slow a kernel's first thousands of frames (V8 11 tiers a function up by the bytecode it runs
 * itself, and a kernel that is one call runs little), so its kernels call run directly.
 */
export type KernelShape = 'direct' | 'stepped';

/** The kernel shape for a V8 version string (`process.versions.v8`; undefined when not on V8 or not known): direct before 11.7. */
export function kernelShape(v8: string | undefined): KernelShape {
  const m = v8 === undefined ? null : /^(\d+)\.(\d+)\./.exec(v8);
  if (m === null) return 'stepped';
  const major = Number(m[1]), minor = Number(m[2]);
  return major < 11 || (major === 11 && minor < 7) ? 'direct' : 'stepped';
}

/** This runtime's V8 version (Node and Electron), undefined in a browser. */
function runtimeV8(): string | undefined {
  const v = (globalThis as { process?: { versions?: { v8?: unknown } } }).process?.versions?.v8;
  return typeof v === 'string' ? v : undefined;
}

/** The shape of this runtime's kernels (see KernelShape). */
export const KERNEL_SHAPE = kernelShape(runtimeV8());

/** The frame values a kernel copies into its iterator before each call (the system's iterator). */
export interface FrameValues {
  readonly deltaTime: number;
  readonly time: number;
  readonly frame: number;
}

/** What a kernel's iterator exposes to it (a KernelIter in system-iter.ts). */
export interface KernelTarget {
  deltaTime: number;
  time: number;
  frame: number;
  count: number;
}

/** A system's kernel for one cached result. */
export interface TableKernel {
  /**
   * The table's capacity when the kernel was made: stale once it differs. A table replaces its
   * columns' arrays only when its capacity grows (Table.capacity), and comparing one number per
   * table costs less than comparing each field's views (frag_iter on Node 24: 1.41-1.46 ->
   * 1.31-1.33 µs per frame without the per-field check).
   */
  readonly capacity: number;
  /** The row count the kernel was made for (its typed arrays end there), or ANY_ROWS. */
  readonly rows: number;
  /** Runs the system on the result's `count` rows with the frame values of `frame`. */
  readonly run: (frame: FrameValues, count: number) => void;
}

/**
 * A kernel's `rows` when it serves any row count. Otherwise a kernel is made for one count: it
 * sets `it.count` to that number, written into its source, and its typed arrays are views of
 * exactly that many rows. The user's loop `for (j = 0; j < it.count; j++) a[j]` then compares j
 * with one constant, which is also the array's length, and V8 merges the loop's exit test with
 * the array's bounds check (V8 keeps a typed array's bounds check even under a constant loop
 * bound, so with any count each element paid two compare-and-branch pairs). Instructions per
 * element of packed_5's loop on Node 24: 8 -> 6; CPU time per frame (Node 24, alternating
 * processes): packed_5 2.00 -> 1.83 µs, frag_iter 1.66 -> 1.38, simple_iter 3.77 -> 3.70 (its swap is
 * bound by loads and stores). A result keeps such kernels until its count first changes (the
 * kernel is then made again for any count), so a table whose count moves pays one compilation more.
 */
export const ANY_ROWS = -1;

/** False once the runtime refused to generate code (a Content-Security-Policy, --disallow-code-generation-from-strings). */
let codegen = true;
/** Kernels made so far; each one's number goes into its source, so that no compilation cache keyed by source can hand two kernels one function. */
let made = 0;

/** The views of each field's column as they are now (null for fields without one: tags, unset, other entities'). */
export function fieldSources(columns: readonly (Column | null)[]): (ColumnViews | null)[] {
  return columns.map((c) => (c ? c.views : null));
}

/** The body of a kernel factory of each shape (parameters `it` and `run`; see KernelShape), setting it.count to `count`, an expression. */
const KERNEL_BODY: Record<KernelShape, (count: string) => string> = {
  direct: (count) => `return function tableKernel(frame, count) { it.deltaTime = frame.deltaTime; it.time = frame.time; it.frame = frame.frame; it.count = ${count}; run(it); };`,
  // Each step writes two values and calls on (32 and 37 bytes of bytecode on V8 13): not small.
  stepped: (count) => `function enter(frame, count) { it.deltaTime = frame.deltaTime; it.time = frame.time; pass(frame, count); }
function pass(frame, count) { it.frame = frame.frame; it.count = ${count}; run(it); }
return function tableKernel(frame, count) { enter(frame, count); };`,
};

/**
 * A kernel calling `run(it)` with `it`'s frame values and count set, for a table of `capacity`
 * rows (see TableKernel.capacity), or null when the runtime
 * does not allow generated code (then the caller visits the plain way). `shape`: this runtime's
 * unless given (tests run both). `rows`: the count it sets, whatever count it is called with
 * (the caller calls it with that count only), or ANY_ROWS: the count of each call.
 */
export function makeKernel<T extends KernelTarget>(it: T, capacity: number, run: (it: T) => void, shape: KernelShape = KERNEL_SHAPE, rows = ANY_ROWS): TableKernel | null {
  if (!codegen) return null;
  let factory: (it: T, run: (it: T) => void) => (frame: FrameValues, count: number) => void;
  try {
    factory = new Function('it', 'run', `"use strict"; // table kernel ${++made}
${KERNEL_BODY[shape](rows === ANY_ROWS ? 'count' : String(rows))}`) as typeof factory;
  } catch {
    codegen = false;
    return null;
  }
  return { capacity, rows, run: factory(it, run) };
}
