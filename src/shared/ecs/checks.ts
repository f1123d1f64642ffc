// The argument checks every change starts with: the entity is alive, the id is a real id (its
// entities alive, no query placeholder in it). Messages name the culprit by path.
import type { CoreIds } from './core-ids';
import type { EntityIndex } from './entity-index';
import { EcsError, notAliveError } from './errors';
import { entityIndex, isPair, makePair, pairFirstIndex, pairSecondIndex, type Entity, type Id } from './ids';
import type { Names } from './names';

/** Checks of entities and ids passed to the world. */
export class Checks {
  /** Built-in ids; set by the World when the bootstrap makes them (undefined before). */
  core!: CoreIds;

  constructor(private readonly entities: EntityIndex, private readonly names: Names) {}

  /** Throws EcsError('not_alive') unless e is alive. */
  checkAlive(e: Entity): void {
    if (!this.entities.isAlive(e)) throw notAliveError(e);
  }

  /** Throws unless the id refers to alive entities and holds no query placeholder. */
  checkId(id: Id): void {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw new EcsError('invalid_argument', `invalid id ${String(id)}`);
    if (!this.entities.isValidId(id)) throw new EcsError('not_alive', `id ${this.names.idText(id)} refers to an entity that is not alive`);
    // An entity holding e.g. (Eats, *) would match every query for an Eats pair, and every removal.
    if (this.core !== undefined && (isPair(id) ? this.isPlaceholder(pairFirstIndex(id)) || this.isPlaceholder(pairSecondIndex(id)) : this.isPlaceholder(entityIndex(id)))) {
      throw new EcsError('invalid_argument', `${this.names.idText(id)} holds a query placeholder (*, _, $this or $): those match ids in queries and are not ids to add; name the actual component, tag or pair target`);
    }
  }

  /** The pair (relationship, target). Both must be alive (or wildcards). */
  pair(rel: Entity, target: Entity): Id {
    if (!this.entities.isAlive(rel)) throw notAliveError(rel, 'relationship');
    if (!this.entities.isAlive(target)) throw notAliveError(target, 'target');
    return makePair(rel, target);
  }

  /**
   * True for the entity index of a query placeholder: *, _, $this or $ (Wildcard, Any, This,
   * Variable). Built-ins are never recycled, so their ids are their indices.
   */
  private isPlaceholder(index: number): boolean {
    const c = this.core;
    return index === c.Wildcard || index === c.Any || index === c.This || index === c.Variable;
  }
}
