// Reflection: the registered components and what data an id carries (a pair takes its
// relationship's type, else its target's), and turning a value into checked writes (planSet).
// Making component entities (names, reflection ids) is in creation.ts.
import type { Checks } from './checks';
import type { ComponentInfo } from './component';
import type { CoreIds } from './core-ids';
import { EcsError } from './errors';
import { entityIndex, isPair, pairFirstIndex, pairSecondIndex, type Entity, type Id } from './ids';
import type { Names } from './names';
import { planWrite, type LeafWrite, type WriteOptions } from './values';

/** A set, checked and ready to apply: leaf writes (reflected) or a raw value (opaque). */
export interface SetPlan {
  writes: LeafWrite[] | null;
  opaque?: unknown;
}

/** Components of one world and the data ids carry. */
export class Reflection {
  /** Registered components by entity index. */
  readonly components = new Map<number, ComponentInfo>();
  /** Built-in ids; set by the World when the bootstrap makes them. */
  core!: CoreIds;
  /** Entity indices of relationships whose pairs carry no data even though they are components. */
  private readonly tagPairs = new Set<number>();

  constructor(private readonly checks: Checks, private readonly names: Names) {}

  /** Makes pairs of a component relationship tags (see World.pairsAreTags). */
  pairsAreTags(rel: Entity): void {
    this.tagPairs.add(entityIndex(rel));
  }

  /** Relationships whose pairs are tags (entity indices), for a world image. */
  get tagPairIndices(): readonly number[] {
    return [...this.tagPairs];
  }

  /** Replaces the relationships whose pairs are tags (a world image's). */
  loadTagPairs(indices: readonly number[]): void {
    this.tagPairs.clear();
    for (const i of indices) this.tagPairs.add(i);
  }

  /** Component info of the data an id carries (a pair uses its relationship's, else its target's type). */
  dataOf(id: Id): ComponentInfo | undefined {
    if (!isPair(id)) return this.components.get(entityIndex(id));
    if (this.tagPairs.has(pairFirstIndex(id))) return undefined;
    const rel = this.components.get(pairFirstIndex(id));
    if (rel) return rel;
    const rIndex = pairFirstIndex(id);
    if (rIndex === entityIndex(this.core.ChildOf) || rIndex === entityIndex(this.core.IsA)) return undefined;
    return this.components.get(pairSecondIndex(id));
  }

  /** Validates a value for a data id and returns what to write; throws EcsError naming the culprit. */
  planSet(id: Id, value: unknown, opts: WriteOptions = {}): SetPlan {
    this.checks.checkId(id);
    const info = this.dataOf(id);
    if (!info) throw new EcsError('not_a_component', `${this.names.idText(id)} carries no data (a tag or a pair without a data type): add it instead of setting a value`);
    if (!info.schema) return { writes: null, opaque: value };
    return { writes: planWrite(this.names.idText(id), info.schema, value, { resolveEntity: (raw) => this.names.resolveEntityValue(raw), ...opts }) };
  }
}
