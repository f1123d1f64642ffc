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
// 400-3,000 on Node 24); until then the system's loop runs as it did without one.
import type { Column, ColumnViews } from '../ecs';

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
  /** The Column.views each field's arrays came from (null: not a self field): stale once one differs. */
  readonly sources: readonly (ColumnViews | null)[];
  /** Runs the system on the result's `count` rows with the frame values of `frame`. */
  readonly run: (frame: FrameValues, count: number) => void;
}

/** False once the runtime refused to generate code (a Content-Security-Policy, --disallow-code-generation-from-strings). */
let codegen = true;
/** Kernels made so far; each one's number goes into its source, so that no compilation cache keyed by source can hand two kernels one function. */
let made = 0;

/** The views of each field's column as they are now (null for fields without one: tags, unset, other entities'). */
export function fieldSources(columns: readonly (Column | null)[]): (ColumnViews | null)[] {
  return columns.map((c) => (c ? c.views : null));
}

/**
 * A kernel calling `run(it)` with `it`'s frame values and count set, or null when the runtime
 * does not allow generated code (then the caller visits the plain way).
 */
export function makeKernel<T extends KernelTarget>(it: T, sources: readonly (ColumnViews | null)[], run: (it: T) => void): TableKernel | null {
  if (!codegen) return null;
  let factory: (it: T, run: (it: T) => void) => (frame: FrameValues, count: number) => void;
  try {
    factory = new Function('it', 'run', `"use strict"; // table kernel ${++made}
return function tableKernel(frame, count) { it.deltaTime = frame.deltaTime; it.time = frame.time; it.frame = frame.frame; it.count = count; run(it); };`) as typeof factory;
  } catch {
    codegen = false;
    return null;
  }
  return { sources, run: factory(it, run) };
}

/** True while every field's column still has the arrays the kernel was made with (tables grow by new arrays). */
export function kernelIsCurrent(k: TableKernel, columns: readonly (Column | null)[]): boolean {
  const s = k.sources, c = columns;
  for (let i = 0; i < s.length; i++) {
    const col = c[i];
    if (col && col.views !== s[i]) return false;
  }
  return true;
}
