// One pass per frame over a component member's column for every breakpoint that compares it:
// `Position.y > 5`, `Position.y <= 7`, `Position.y == 0` read the same arrays, so instead of each
// filtering every row, the index keeps, per row, which interval of the sorted thresholds its value
// was in at the last pass (its rank), and a pass only looks whether each value is still inside its
// interval. Rows that left it are the crossings of that pass, with their old and new rank; a
// breakpoint's comparison holds or not as a function of the rank alone (holdsAt), so only a
// crossing whose two ranks give different answers can change what the breakpoint matches.
//
// Ranks over the sorted distinct thresholds t0 < t1 < … < t(m-1): 2i for a value strictly between
// t(i-1) and t(i) (−∞ and +∞ at the ends), 2i+1 for a value equal to t(i), and 2m+1 for NaN (which
// no comparison but != holds for). A row is inside rank k while lo[k] < v < hi[k]: for an odd rank
// the interval is the one float64 value t(i) (its neighbours as bounds), for NaN nothing is inside
// it, so a NaN row is looked at again every pass (and stays NaN: no crossing).
//
// A table whose rows moved (Table.version) or whose arrays were replaced gets its ranks computed
// again with no crossings: its trackers see the same version change and read it whole. So does
// every table when a threshold is added or removed (resetAt): the ranks mean other intervals.
// While no value of the component was written since the last pass (World.writtenAt: set(), a
// system whose query may write it, modified()), the pass looks at no row at all.
import type { Column, Entity, Table, World } from '../ecs';
import type { MemberOp } from '../protocol';
import { unreachable } from '../unreachable';

/** A tracked table: its rows' ranks as of the last pass. */
interface Tracked {
  readonly table: Table;
  /** The table's column of the component (stable while the table lives). */
  readonly column: Column;
  /** Trackers keeping it. */
  users: number;
  version: number;
  values: ArrayLike<number>;
  ranks: Int32Array;
  /** The rank every row has, or -1 when they differ: then the pass reads each row's own rank. */
  uniform: number;
}

// The first row whose value is not strictly between a and b (n when none), one copy per array
// type: a loop that sees one element type is compiled for it, one that sees several is not. An
// interval open at one end (the lowest or highest rank, where most rows sit when thresholds lie
// outside the values) needs one comparison per row.
function outsideF32(values: Float32Array, n: number, a: number, b: number): number {
  if (a === -Infinity) { for (let r = 0; r < n; r++) if (!(values[r]! < b)) return r; return n; }
  if (b === Infinity) { for (let r = 0; r < n; r++) if (!(values[r]! > a)) return r; return n; }
  for (let r = 0; r < n; r++) { const v = values[r]!; if (!(v > a && v < b)) return r; }
  return n;
}
function outsideF64(values: Float64Array, n: number, a: number, b: number): number {
  if (a === -Infinity) { for (let r = 0; r < n; r++) if (!(values[r]! < b)) return r; return n; }
  if (b === Infinity) { for (let r = 0; r < n; r++) if (!(values[r]! > a)) return r; return n; }
  for (let r = 0; r < n; r++) { const v = values[r]!; if (!(v > a && v < b)) return r; }
  return n;
}
function outsideAny(values: ArrayLike<number>, n: number, a: number, b: number): number {
  for (let r = 0; r < n; r++) { const v = values[r]!; if (!(v > a && v < b)) return r; }
  return n;
}
function outside(values: ArrayLike<number>, n: number, a: number, b: number): number {
  if (values instanceof Float32Array) return outsideF32(values, n, a, b);
  if (values instanceof Float64Array) return outsideF64(values, n, a, b);
  return outsideAny(values, n, a, b);
}

const BITS = new Float64Array(1), WORDS = new BigInt64Array(BITS.buffer);

/** The float64 after `x` towards +∞ (x itself for +∞ and NaN). */
function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Infinity) return x;
  if (x === 0) return Number.MIN_VALUE;
  BITS[0] = x;
  WORDS[0] += x > 0 ? 1n : -1n;
  return BITS[0]!;
}

/** The float64 before `x` towards −∞. */
function nextDown(x: number): number {
  return -nextUp(-x);
}

/** Whether `v op t` holds for a value of rank `rank`, where `at` is t's own rank (2i+1) and `nan` the NaN rank. */
export function holdsAt(op: MemberOp, at: number, rank: number, nan: number): boolean {
  if (rank === nan) return op === '!=';
  switch (op) {
    case '<': return rank < at;
    case '<=': return rank <= at;
    case '>': return rank > at;
    case '>=': return rank >= at;
    case '==': return rank === at;
    case '!=': return rank !== at;
    default: return unreachable(op, 'member operator');
  }
}

/** The ranks of one component member's values, shared by the breakpoints that compare it. */
export class ThresholdIndex {
  /** Trackers attached (the owner drops the index at zero). */
  users = 0;
  /** Passes made; a tracker that read at pass N-1 and sees no crossing of its own at pass N still holds. */
  passes = 0;
  /** The pass at which every rank was computed anew (thresholds changed): no crossings mean nothing then. */
  resetAt = 0;
  /** Crossings of the last pass: table, old rank, new rank (the first `crossed` of each). */
  readonly crossTables: Table[] = [];
  readonly crossFrom: number[] = [];
  readonly crossTo: number[] = [];
  crossed = 0;
  private readonly counts = new Map<number, number>();
  private sorted: number[] = [];
  private positions = new Map<number, number>();
  private lo = new Float64Array([-Infinity, NaN]);
  private hi = new Float64Array([Infinity, NaN]);
  private thresholdsChanged = false;
  private readonly tracked = new Map<Table, Tracked>();
  /** World.writtenAt(component) at the last pass. */
  private stamp = -1;
  /** World.counters.rowChanges at the last pass. */
  private rows = -1;
  /** The tracked tables as a list, for the pass. */
  private list: Tracked[] = [];
  private token: number | undefined;

  /** The index of `leaf` of `component`'s columns in `world`. */
  constructor(private readonly world: World, readonly component: Entity, readonly leaf: number) {}

  /** The NaN rank (2m+1 for m thresholds). */
  get nanRank(): number {
    return this.sorted.length * 2 + 1;
  }

  /** Counts one more comparison with `t` (ranks are computed anew at the next pass). */
  addThreshold(t: number): void {
    const n = this.counts.get(t) ?? 0;
    this.counts.set(t, n + 1);
    if (n === 0) this.rebuild();
  }

  /** Counts one comparison with `t` less. */
  removeThreshold(t: number): void {
    const n = this.counts.get(t) ?? 0;
    if (n <= 1) { this.counts.delete(t); this.rebuild(); } else this.counts.set(t, n - 1);
  }

  /** The rank of a value equal to threshold `t` (2i+1), which holdsAt compares with. */
  rankOfThreshold(t: number): number {
    return this.positions.get(t)!;
  }

  /** Starts (or counts once more) tracking `table`, which owns the component, its ranks taken from its values now. */
  track(table: Table): void {
    const known = this.tracked.get(table);
    if (known !== undefined) { known.users++; return; }
    const column = table.column(this.component);
    if (column === undefined) throw new Error(`ThresholdIndex.track: the table does not own component ${this.component}`);
    const t: Tracked = { table, column, users: 1, version: -1, values: column.arrays[this.leaf] as ArrayLike<number>, ranks: new Int32Array(0), uniform: -1 };
    this.rank(t);
    this.tracked.set(table, t);
    this.list.push(t);
  }

  /** Counts one tracker of `table` less; forgotten at zero. */
  untrack(table: Table): void {
    const t = this.tracked.get(table);
    if (t === undefined || --t.users > 0) return;
    this.tracked.delete(table);
    this.list = this.list.filter((x) => x !== t);
  }

  /** Number of tables tracked. */
  get tables(): number {
    return this.tracked.size;
  }

  /** Looks at every tracked row once per `token`: records the rows whose value left its rank's interval. */
  pass(token: number): void {
    if (token === this.token) return;
    this.token = token;
    this.passes++;
    this.crossed = 0;
    const stamp = this.world.writtenAt(this.component), written = stamp !== this.stamp;
    const rows = this.world.counters.rowChanges, moved = rows !== this.rows;
    this.stamp = stamp;
    this.rows = rows;
    if (this.thresholdsChanged) {
      this.thresholdsChanged = false;
      this.resetAt = this.passes;
      for (const t of this.list) this.rank(t);
      return;
    }
    // No value written and no row moved anywhere: every rank is as it was.
    if (!written && !moved) return;
    const list = this.list, leaf = this.leaf;
    for (let i = 0; i < list.length; i++) {
      const t = list[i]!, table = t.table;
      if (table.version !== t.version || t.column.arrays[leaf] !== t.values) { this.rank(t); continue; }
      if (written && table.entities.length !== 0) this.scan(t, t.values);
    }
  }

  private scan(t: Tracked, values: ArrayLike<number>): void {
    const n = t.table.count, ranks = t.ranks, lo = this.lo, hi = this.hi;
    let k = t.uniform;
    // Every row in one interval: two comparisons with constants per row, until one is outside.
    if (k >= 0) {
      if (outside(values, n, lo[k]!, hi[k]!) === n) return;
      t.uniform = -1;
    }
    for (let r = 0; r < n; r++) {
      const v = values[r]!;
      k = ranks[r]!;
      if (v > lo[k]! && v < hi[k]!) continue;
      const now = this.rankOf(v);
      if (now === k) continue;
      ranks[r] = now;
      const c = this.crossed++;
      this.crossTables[c] = t.table;
      this.crossFrom[c] = k;
      this.crossTo[c] = now;
    }
  }

  /** Computes every row's rank of `t` from its values now (no crossings). */
  private rank(t: Tracked): void {
    const values = t.column.arrays[this.leaf] as ArrayLike<number>, n = t.table.count;
    t.version = t.table.version;
    t.values = values;
    if (t.ranks.length < n) t.ranks = new Int32Array(Math.max(n, t.ranks.length * 2));
    let uniform = n > 0 ? this.rankOf(values[0]!) : -1;
    for (let r = 0; r < n; r++) {
      const k = this.rankOf(values[r]!);
      t.ranks[r] = k;
      if (k !== uniform) uniform = -1;
    }
    t.uniform = uniform;
  }

  /** The rank of `v` among the thresholds. */
  private rankOf(v: number): number {
    const s = this.sorted;
    if (Number.isNaN(v)) return s.length * 2 + 1;
    let a = 0, b = s.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (s[m]! < v) a = m + 1; else b = m;
    }
    return a < s.length && s[a] === v ? 2 * a + 1 : 2 * a;
  }

  /** Sorted thresholds and the bounds of every rank's interval, after a threshold came or went. */
  private rebuild(): void {
    const s = [...this.counts.keys()].sort((a, b) => a - b);
    const m = s.length;
    this.sorted = s;
    this.positions = new Map(s.map((t, i) => [t, 2 * i + 1]));
    const lo = new Float64Array(2 * m + 2), hi = new Float64Array(2 * m + 2);
    for (let i = 0; i <= m; i++) {
      lo[2 * i] = i === 0 ? -Infinity : s[i - 1]!;
      hi[2 * i] = i === m ? Infinity : s[i]!;
      if (i < m) { lo[2 * i + 1] = nextDown(s[i]!); hi[2 * i + 1] = nextUp(s[i]!); }
    }
    lo[2 * m + 1] = NaN;
    hi[2 * m + 1] = NaN;
    this.lo = lo;
    this.hi = hi;
    this.thresholdsChanged = true;
  }
}

/** The threshold indexes of one world's breakpoints, one per component member compared. */
export class ThresholdIndexes {
  private readonly byMember = new Map<string, ThresholdIndex>();

  /** The indexes of `world`'s component members. */
  constructor(private readonly world: World) {}

  /** The index of `leaf` of `component` (made at first use); counts one more user. */
  acquire(component: Entity, leaf: number): ThresholdIndex {
    const key = `${component}:${leaf}`;
    let ix = this.byMember.get(key);
    if (ix === undefined) this.byMember.set(key, (ix = new ThresholdIndex(this.world, component, leaf)));
    ix.users++;
    return ix;
  }

  /** Counts one user of `ix` less; dropped at zero. */
  release(ix: ThresholdIndex): void {
    if (--ix.users > 0) return;
    const key = `${ix.component}:${ix.leaf}`;
    if (this.byMember.get(key) === ix) this.byMember.delete(key);
  }

  /** Number of indexes (component members compared by some breakpoint). */
  get size(): number {
    return this.byMember.size;
  }
}
