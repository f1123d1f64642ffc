// For one id (or wildcard pattern): the tables that contain it, in creation order, and where.
import type { Id } from './ids';
import type { Table } from './table';

/** Tables that have an id, with the type indices that match it in each. */
export class IdRecord {
  readonly id: Id;
  /** Tables in creation order. */
  readonly tables: Table[] = [];
  /** Table -> indices in its type that match this id (several for wildcard records). */
  readonly indices = new Map<Table, number[]>();

  constructor(id: Id) {
    this.id = id;
  }

  /** Registers a type index of a table. */
  add(table: Table, typeIndex: number): void {
    const list = this.indices.get(table);
    if (list) { list.push(typeIndex); return; }
    this.indices.set(table, [typeIndex]);
    this.tables.push(table);
  }

  /** Forgets a deleted table. */
  remove(table: Table): void {
    if (!this.indices.delete(table)) return;
    const i = this.tables.indexOf(table);
    if (i >= 0) this.tables.splice(i, 1);
  }
}
