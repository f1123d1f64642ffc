// Docs: the human-facing texts of an entity (doc name, brief, link, color), stored as
// (ecs.doc.Description, <field>) pairs so they show up, and change, like any other component.
import type { CoreIds } from './core-ids';
import { makePair, type Entity, type Id } from './ids';

/** The doc fields of an entity (stored as (ecs.doc.Description, <field>) pairs). */
export type DocField = 'name' | 'brief' | 'link' | 'color';

/** What docs use of a world (the World has it; declared here so this file does not import world.ts). */
export interface DocWorld {
  readonly core: CoreIds;
  pair(rel: Entity, target: Entity): Id;
  remove(e: Entity, id: Id): void;
  set(e: Entity, id: Id, value: unknown): void;
  ownsId(e: Entity, id: Id): boolean;
  getValue(e: Entity, id: Id): unknown;
  nameOf(e: Entity): string | undefined;
}

/** Doc fields of one world's entities. */
export class Docs {
  constructor(private readonly world: DocWorld) {}

  /** Sets (or with undefined removes) a doc field. */
  set(e: Entity, field: DocField, text: string | undefined): void {
    const w = this.world;
    const id = w.pair(w.core.Description, this.target(field));
    if (text === undefined) w.remove(e, id);
    else w.set(e, id, { value: text });
  }

  /** A doc field of the entity (own only), or undefined. */
  get(e: Entity, field: DocField): string | undefined {
    const w = this.world;
    const id = makePair(w.core.Description, this.target(field));
    if (!w.ownsId(e, id)) return undefined;
    return (w.getValue(e, id) as { value: string } | undefined)?.value;
  }

  /** What the explorer shows: the doc name, else the name, else the id. */
  label(e: Entity): string {
    return this.get(e, 'name') ?? this.world.nameOf(e) ?? String(e);
  }

  private target(field: DocField): Entity {
    const c = this.world.core;
    return field === 'name' ? c.Name : field === 'brief' ? c.Brief : field === 'link' ? c.Link : c.Color;
  }
}
