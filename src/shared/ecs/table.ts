// An archetype table: all entities with exactly the same set of ids, stored column-wise.
import { Column, type ColumnRows } from './column';
import type { ComponentInfo } from './component';
import type { Entity, Id } from './ids';

/** A cached transition to the table that has one id more (or less), with the column mapping. */
export interface Edge {
  readonly to: Table;
  /** For each column of `to`: the column index in the source table, or -1 (initialise). */
  readonly map: Int32Array;
}

/** A table as an image holds it (world-image.ts's TableImage), here lent: its own arrays. */
export interface LentTable {
  readonly id: number;
  readonly type: readonly Id[];
  readonly entities: readonly Entity[];
  readonly columns: readonly ColumnRows[];
}

/** Flags derived from a table's type, used by queries to skip tables cheaply. */
export interface TableFlags {
  disabled: boolean;
  prefab: boolean;
  /** Entity index of the ChildOf target, 0 for root entities. */
  parentIndex: number;
  /** Has at least one IsA pair. */
  hasIsA: boolean;
}

const INITIAL_CAPACITY = 8;

/** Entities with the same type, with one Column per data-carrying id. */
export class Table {
  readonly id: number;
  /** Sorted ids. */
  readonly type: readonly Id[];
  /** The type as a lookup key. */
  readonly key: string;
  /** Row -> entity id; length is `count`. */
  readonly entities: Entity[] = [];
  /** Data columns, one per data id in type order. */
  readonly columns: Column[] = [];
  /** Id -> index in `columns`. */
  readonly columnOf = new Map<Id, number>();
  /** Id -> index in `type`. */
  readonly typeIndex = new Map<Id, number>();
  /** For each type index: the column index or -1 (tags). */
  readonly columnOfTypeIndex: Int32Array;
  readonly addEdges = new Map<Id, Edge>();
  readonly removeEdges = new Map<Id, Edge>();
  /** Tables whose edges point here (cleared when this table is deleted). */
  readonly incoming: { from: Table; id: Id; add: boolean }[] = [];
  readonly flags: TableFlags;
  /** Rows the columns' arrays hold. The arrays are replaced only when it grows (table kernels rely on that: src/shared/pipeline/table-kernel.ts). */
  capacity = INITIAL_CAPACITY;
  /** Bumped on every structural change of rows; lets caches notice. */
  version = 0;
  /**
   * The table as a lent image's table: its id, type, entities and each column's own arrays
   * (Column.ownRows), none copied. Made with the table (set later, the field's type would change
   * and the code reading tables be recompiled): a table keeps these holders and changes them in place.
   */
  readonly lent: LentTable;

  /** `counters.rowChanges` counts this table's version bumps with every other table's of the world. */
  constructor(id: number, type: readonly Id[], data: readonly (ComponentInfo | undefined)[], flags: TableFlags, private readonly counters: { rowChanges: number } = { rowChanges: 0 }) {
    this.id = id;
    this.type = type;
    this.key = type.join(',');
    this.flags = flags;
    this.columnOfTypeIndex = new Int32Array(type.length).fill(-1);
    for (let i = 0; i < type.length; i++) {
      this.typeIndex.set(type[i]!, i);
      const info = data[i];
      if (info) {
        this.columnOf.set(type[i]!, this.columns.length);
        this.columnOfTypeIndex[i] = this.columns.length;
        this.columns.push(new Column(info, this.capacity));
      }
    }
    this.lent = { id, type, entities: this.entities, columns: this.columns.map((c) => c.ownRows) };
  }

  /** Number of entities. */
  get count(): number {
    return this.entities.length;
  }

  /** Appends an entity; its column values are left for the caller to fill. Returns the row. */
  appendRow(e: Entity): number {
    const row = this.entities.length;
    if (row === this.capacity) {
      this.capacity *= 2;
      for (const c of this.columns) c.grow(this.capacity, row);
    }
    this.entities.push(e);
    this.version++;
    this.counters.rowChanges++;
    return row;
  }

  /**
   * Removes a row by moving the last row into it. Returns the entity that moved into `row`
   * (so the caller can update its record), or -1 when the removed row was the last.
   */
  removeRow(row: number): Entity {
    const last = this.entities.length - 1;
    const cols = this.columns;
    this.version++;
    this.counters.rowChanges++;
    if (row !== last) {
      const moved = this.entities[last]!;
      this.entities[row] = moved;
      this.entities.pop();
      for (let i = 0; i < cols.length; i++) cols[i]!.moveLastInto(row, last);
      return moved;
    }
    this.entities.pop();
    for (let i = 0; i < cols.length; i++) cols[i]!.dropLast(last);
    return -1;
  }

  /**
   * Replaces every row with saved ones (a world image, saved or lent): entities, and per column
   * its rows. Written in place: the arrays keep their storage unless they must grow.
   */
  loadRows(entities: readonly Entity[], columns: readonly ColumnRows[]): void {
    const n = entities.length, cols = this.columns;
    let need = n;
    for (let i = 0; i < cols.length; i++) need = Math.max(need, cols[i]!.rowsLength(columns[i]!));
    if (need > this.capacity) {
      let cap = this.capacity;
      while (cap < need) cap *= 2;
      for (const c of cols) c.grow(cap, 0);
      this.capacity = cap;
    }
    const own = this.entities;
    for (let i = 0; i < n; i++) own[i] = entities[i]!;
    own.length = n;
    for (let i = 0; i < cols.length; i++) cols[i]!.loadRows(columns[i]!, n);
    this.version++;
    this.counters.rowChanges++;
  }

  /** The column of a component id, or undefined. */
  column(id: Id): Column | undefined {
    const i = this.columnOf.get(id);
    return i === undefined ? undefined : this.columns[i];
  }

  /** True when the type contains the id (exact match, no wildcards). */
  has(id: Id): boolean {
    return this.typeIndex.has(id);
  }
}

/** Column mapping from `from` to `to` for an edge. */
export function mapColumns(from: Table, to: Table): Int32Array {
  const map = new Int32Array(to.columns.length);
  for (let i = 0; i < to.columns.length; i++) {
    const id = to.columns[i]!.info.id;
    const toType = to.type[indexOfColumn(to, i)]!;
    const src = from.columnOf.get(toType);
    map[i] = src === undefined || from.columns[src]!.info.id !== id ? -1 : src;
  }
  return map;
}

function indexOfColumn(t: Table, col: number): number {
  for (let i = 0; i < t.columnOfTypeIndex.length; i++) if (t.columnOfTypeIndex[i] === col) return i;
  return -1;
}
