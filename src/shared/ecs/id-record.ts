// For one id (or wildcard pattern): the tables that contain it, in creation order, and where.
import type { Id } from './ids';
import type { Table } from './table';

/** Tables that have an id, with the type indices that match it in each. */
export class IdRecord {
  readonly id: Id;
  /** Tables in creation order, which is ascending Table.id (a restore makes tables with their image ids, in order). */
  readonly tables: Table[] = [];
  /** Table -> indices in its type that match this id (several for wildcard records). */
  readonly indices = new Map<Table, number[]>();
  /** The same indices by position in `tables`, for walks that would otherwise look each table up. */
  readonly lists: number[][] = [];
  /**
   * For a `(R, *)` record: the `(R, t)` records by target index t (small integers, where the world's
   * records are keyed by pair ids, which V8 hashes as heap numbers); kept by TableIndex as records
   * come and go. Undefined for other records and until the first `(R, t)` record.
   */
  byTarget: Map<number, IdRecord> | undefined = undefined;

  constructor(id: Id) {
    this.id = id;
  }

  /** Registers a type index of a table. */
  add(table: Table, typeIndex: number): void {
    const list = this.indices.get(table);
    if (list) { list.push(typeIndex); return; }
    const fresh = [typeIndex];
    this.indices.set(table, fresh);
    this.tables.push(table);
    this.lists.push(fresh);
  }

  /** Forgets a deleted table. */
  remove(table: Table): void {
    if (!this.indices.delete(table)) return;
    const i = this.tables.indexOf(table);
    if (i >= 0) { this.tables.splice(i, 1); this.lists.splice(i, 1); }
  }
}
