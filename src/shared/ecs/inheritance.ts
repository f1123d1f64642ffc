// What an entity has: the ids it owns (its table's type, or a wildcard record matching it) and
// what it inherits through IsA, with the values read from the owner.
import type { CoreIds } from './core-ids';
import type { EntityIndex } from './entity-index';
import type { IdRecord } from './id-record';
import { entityIndex, isPair, makePair, pairSecondIndex, type Entity, type Id } from './ids';
import { readValue } from './values';

/** Deepest IsA chain followed; deeper bases are not looked at. */
const MAX_INHERIT_DEPTH = 32;

/** Own and inherited ids of one world's entities. */
export class Inheritance {
  /** Built-in ids; set by the World when the bootstrap makes them (undefined before). */
  core!: CoreIds;

  constructor(private readonly entities: EntityIndex, private readonly records: ReadonlyMap<Id, IdRecord>) {}

  /** True when the entity owns the id itself (no inheritance; wildcards allowed). */
  ownsId(e: Entity, id: Id): boolean {
    if (!this.entities.isAlive(e)) return false;
    const t = this.entities.table[entityIndex(e)]!;
    if (t.typeIndex.has(id)) return true;
    if (isPair(id) || id === this.core.Wildcard) return this.records.get(id)?.indices.has(t) ?? false;
    return false;
  }

  /** True when the entity has the id, itself or through IsA. */
  hasId(e: Entity, id: Id): boolean {
    return this.ownsId(e, id) || this.findBaseWith(e, id, 0) !== 0;
  }

  /** A base (through IsA, depth-first) that owns the id, or 0. */
  findBaseWith(e: Entity, id: Id, depth: number): Entity {
    if (depth > MAX_INHERIT_DEPTH || !this.core) return 0;
    const t = this.entities.table[entityIndex(e)];
    if (!t || !t.flags.hasIsA) return 0;
    const isAs = this.records.get(makePair(this.core.IsA, this.core.Wildcard))?.indices.get(t);
    if (!isAs) return 0;
    for (const ti of isAs) {
      const base = this.entities.aliveAt(pairSecondIndex(t.type[ti]!));
      if (base === 0) continue;
      if (this.ownsId(base, id)) return base;
      const deeper = this.findBaseWith(base, id, depth + 1);
      if (deeper) return deeper;
    }
    return 0;
  }

  /** The value of a component (own or inherited) of an alive entity as a plain object, or undefined. */
  valueOf(e: Entity, id: Id): unknown {
    const owner = this.ownsId(e, id) ? e : this.findBaseWith(e, id, 0);
    if (!owner) return undefined;
    const i = entityIndex(owner);
    const table = this.entities.table[i]!, row = this.entities.row[i]!;
    const column = table.column(id);
    if (!column) return undefined;
    if (column.values) return column.values[row];
    return readValue(column.info.schema!, column.arrays, row);
  }
}
