// Names and the ChildOf hierarchy: per-parent children and name lookup (names are unique
// among siblings). The ChildOf pair itself lives in the entity's type; this is its index.
import { entityIndex, type Entity } from './ids';

/** Deepest chain of parents (or of acyclic pairs) followed; deeper is treated as a cycle. */
export const MAX_DEPTH = 64;

/** The hierarchy's maps as entry lists, for a world image. */
export interface HierarchyImage {
  readonly names: readonly (readonly [number, string])[];
  readonly parents: readonly (readonly [number, Entity])[];
  readonly children: readonly (readonly [number, readonly Entity[]])[];
  readonly byName: readonly (readonly [number, readonly (readonly [string, Entity])[]])[];
}

/** Name and children indexes, keyed by entity index (0 = the root scope). */
export class Hierarchy {
  private readonly names = new Map<number, string>();
  private readonly parents = new Map<number, Entity>();
  private readonly children = new Map<number, Set<Entity>>();
  private readonly byName = new Map<number, Map<string, Entity>>();
  /** Bumped by every name or parent change: what a path resolves to may have changed. */
  version = 0;
  /**
   * The image these maps equal, and the version they had then (the last saved or loaded one):
   * while nothing changed, saveImage hands it out again and loadImage of it does nothing, so the
   * keyframes of an unchanged hierarchy share one image and a restore does not rebuild thousands
   * of map entries. Images are never changed once made.
   */
  private same: { image: HierarchyImage; version: number } | undefined;

  /** The entity's name, or undefined. */
  nameOf(e: Entity): string | undefined {
    return this.names.get(entityIndex(e));
  }

  /** The entity's parent, or 0 for root entities. */
  parentOf(e: Entity): Entity {
    return this.parents.get(entityIndex(e)) ?? 0;
  }

  /** The child of `parent` (0 = root) with this name, or undefined. */
  childNamed(parent: Entity, name: string): Entity | undefined {
    return this.byName.get(entityIndex(parent))?.get(name);
  }

  /** Children of an entity (0 = root: only entities that were given a name at root). */
  childrenOf(parent: Entity): ReadonlySet<Entity> {
    return this.children.get(entityIndex(parent)) ?? EMPTY;
  }

  /** Records a parent change (parent 0 = root). */
  setParent(e: Entity, parent: Entity): void {
    this.version++;
    const i = entityIndex(e);
    const old = this.parents.get(i) ?? 0;
    const name = this.names.get(i);
    if (old !== 0) this.children.get(entityIndex(old))?.delete(e);
    if (name !== undefined) this.byName.get(entityIndex(old))?.delete(name);
    if (parent === 0) this.parents.delete(i); else this.parents.set(i, parent);
    if (parent !== 0) getOrMake(this.children, entityIndex(parent), () => new Set<Entity>()).add(e);
    if (name !== undefined) getOrMake(this.byName, entityIndex(parent), () => new Map<string, Entity>()).set(name, e);
  }

  /** Records a name change (undefined removes the name). Callers check clashes first. */
  setName(e: Entity, name: string | undefined): void {
    this.version++;
    const i = entityIndex(e);
    const scope = entityIndex(this.parents.get(i) ?? 0);
    const old = this.names.get(i);
    if (old !== undefined) this.byName.get(scope)?.delete(old);
    if (name === undefined) { this.names.delete(i); return; }
    this.names.set(i, name);
    getOrMake(this.byName, scope, () => new Map<string, Entity>()).set(name, e);
  }

  /** A copy of the names and parents (children in their order) for a world image. */
  saveImage(): HierarchyImage {
    if (this.same?.version === this.version) return this.same.image;
    const image: HierarchyImage = {
      names: [...this.names], parents: [...this.parents],
      children: [...this.children].map(([k, v]) => [k, [...v]] as const),
      byName: [...this.byName].map(([k, v]) => [k, [...v]] as const),
    };
    this.same = { image, version: this.version };
    return image;
  }

  /** Replaces the names and parents with an image's; what paths resolve to may change (version bumped). */
  loadImage(img: HierarchyImage): void {
    if (this.same?.image === img && this.same.version === this.version) return;
    this.version++;
    this.names.clear(); for (const [k, v] of img.names) this.names.set(k, v);
    this.parents.clear(); for (const [k, v] of img.parents) this.parents.set(k, v);
    this.children.clear(); for (const [k, v] of img.children) this.children.set(k, new Set(v));
    this.byName.clear(); for (const [k, v] of img.byName) this.byName.set(k, new Map(v));
    this.same = { image: img, version: this.version };
  }

  /** Forgets an entity that is being deleted (its own children must be gone already). */
  forget(e: Entity): void {
    this.setName(e, undefined);
    this.setParent(e, 0);
    this.children.delete(entityIndex(e));
    this.byName.delete(entityIndex(e));
  }
}

const EMPTY: ReadonlySet<Entity> = new Set();

function getOrMake<K, V>(m: Map<K, V>, k: K, make: () => V): V {
  let v = m.get(k);
  if (v === undefined) { v = make(); m.set(k, v); }
  return v;
}
