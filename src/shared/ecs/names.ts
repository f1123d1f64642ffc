// Names and paths: the naming rule (unique among siblings), paths, lookup by path, and how
// entities and ids read in messages. hierarchy.ts indexes the names and parents; storing a name
// (which also adds the (Identifier, Name) pair) is a storage change, in storage.ts.
import type { CoreIds } from './core-ids';
import type { EntityIndex } from './entity-index';
import { EcsError } from './errors';
import { MAX_DEPTH, type Hierarchy } from './hierarchy';
import { isPair, pairFirstIndex, pairSecondIndex, type Entity, type Id } from './ids';

const NAME_RULE = /^[^./\s][^./]*$/;

/** Throws unless `name` may name an entity at all (non-empty, no '.' or '/', no leading space, not a number). */
export function checkNameRule(name: string): void {
  if (typeof name !== 'string' || !NAME_RULE.test(name) || /^\d+$/.test(name)) {
    throw new EcsError('invalid_name', `invalid name ${JSON.stringify(name)}: a name is non-empty, has no '.' or '/', does not start with a space and is not a number`);
  }
}

/** Names, paths and lookup of one world. */
export class Names {
  /** Built-in ids; set by the World when the bootstrap makes them. */
  core!: CoreIds;

  constructor(private readonly entities: EntityIndex, private readonly hierarchy: Hierarchy) {}

  /** Throws unless `name` is a valid name that no other child of `parent` (0 = root) has. */
  checkName(name: string, parent: Entity, self: Entity): void {
    checkNameRule(name);
    const other = this.hierarchy.childNamed(parent, name);
    if (other !== undefined && other !== self) {
      throw new EcsError('name_clash', `${parent ? this.pathOf(parent) : 'the root'} already has a child named '${name}' (${this.describe(other)})`);
    }
  }

  /** The entity's name, or undefined. */
  nameOf(e: Entity): string | undefined {
    return this.hierarchy.nameOf(e);
  }

  /** The parent (ChildOf target), or 0 for root entities. */
  parentOf(e: Entity): Entity {
    return this.hierarchy.parentOf(e);
  }

  /** Children (ChildOf sources) of an entity, as a copy. */
  childrenOf(e: Entity): readonly Entity[] {
    return [...this.hierarchy.childrenOf(e)];
  }

  /** Path of an entity with `sep` between levels; anonymous levels show their id. */
  pathOf(e: Entity, sep = '.'): string {
    if (e === this.core.Wildcard) return '*';
    if (e === this.core.Any) return '_';
    const parts: string[] = [];
    let cur = e;
    for (let depth = 0; cur !== 0 && depth < MAX_DEPTH; depth++) {
      parts.push(this.hierarchy.nameOf(cur) ?? String(cur));
      cur = this.hierarchy.parentOf(cur);
    }
    return parts.reverse().join(sep);
  }

  /** Finds an entity by path (see World.lookup); 0 when nothing matches. */
  lookup(path: string, sep = '.', scope: Entity = 0): Entity {
    if (path === '*') return this.core.Wildcard;
    if (path === '_') return this.core.Any;
    if (path === '.' || path === 'this') return scope === 0 && path === '.' ? this.core.This : this.lookupIn(path, sep, scope);
    if (path === '$') return this.core.Variable;
    return this.lookupIn(path, sep, scope);
  }

  private lookupIn(path: string, sep: string, scope: Entity): Entity {
    if (path === '') return 0;
    let cur = scope;
    for (const part of path.split(sep)) {
      if (part === '') return 0;
      if (/^\d+$/.test(part)) {
        const id = Number(part);
        if (!Number.isSafeInteger(id) || !this.entities.isAlive(id)) return 0;
        if (cur !== 0 && this.parentOf(id) !== cur) return 0;
        cur = id;
        continue;
      }
      const next = this.hierarchy.childNamed(cur, part);
      if (next === undefined) return 0;
      cur = next;
    }
    return cur;
  }

  /** Looks up a name as queries do: from the root, then in ecs.core (so `ChildOf`, `Prefab` work). */
  lookupSymbol(path: string): Entity {
    return this.lookup(path) || this.lookup(path, '.', this.core.coreModule);
  }

  /** Resolves an entity-typed member value given as id or (lenient) path; undefined if nothing alive. */
  resolveEntityValue(raw: number | string): number | undefined {
    if (typeof raw === 'number') return this.entities.isAlive(raw) ? raw : undefined;
    const e = this.lookup(raw);
    return e === 0 ? undefined : e;
  }

  /** Paths of an id: [component] or [relationship, target]. */
  idPath(id: Id, sep = '.'): string[] {
    if (!isPair(id)) return [this.pathOf(id, sep)];
    return [this.pathOf(this.entities.aliveAt(pairFirstIndex(id)), sep), this.pathOf(this.entities.aliveAt(pairSecondIndex(id)), sep)];
  }

  /** Text of an id for messages: its path, or for a pair (relationship, target). */
  idText(id: Id): string {
    if (!isPair(id)) return this.entities.isAlive(id) ? this.pathOf(id) : String(id);
    const r = this.entities.aliveAt(pairFirstIndex(id)), t = this.entities.aliveAt(pairSecondIndex(id));
    return `(${r ? this.pathOf(r) : pairFirstIndex(id)}, ${t ? this.pathOf(t) : pairSecondIndex(id)})`;
  }

  /** Text of an entity for messages: its quoted path when named, else its id. */
  describe(e: Entity): string {
    return this.entities.isAlive(e) && this.nameOf(e) !== undefined ? `'${this.pathOf(e)}'` : `entity ${e}`;
  }
}
