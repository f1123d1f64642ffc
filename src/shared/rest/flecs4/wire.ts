// Names as Flecs 4 replies print them: entity paths with the reference's module root, ids as
// `Position` or `(ChildOf,Sun)`, anonymous entities as `#<id>`, and component values read from
// their columns with the json building blocks.
import { isPair, type Entity, type Id, type World } from '../../ecs';
import { templateOf, writeValue } from '../../json';
import { wirePath } from './names';
import { REFERENCE_ROOT, WORLD_ROOT, renameRoot } from '../../protocol';

/** Path of an entity as Flecs 4 prints it (`flecs.core.World`, `Sun.Earth`); `#<id>` for an anonymous root. */
export function entityPath(world: World, e: Entity): string {
  return wirePath(world.pathOf(e));
}

/** Name of an entity as the `name` field of a reply: its name, else `#<id>`. */
export function entityName(world: World, e: Entity): string {
  const name = world.nameOf(e);
  if (name === undefined) return `#${e}`;
  // The root module is the one name the reference spells differently.
  return e === world.core.ecs ? wirePath(name) : name;
}

/** Path of an entity's parent, or undefined for a root. */
export function parentPath(world: World, e: Entity): string | undefined {
  const p = world.parentOf(e);
  return p === 0 ? undefined : entityPath(world, p);
}

/** Text of an id as a key of `components`/`type_info`: `Position` or `(ChildOf,Sun)`. */
export function idKey(world: World, id: Id): string {
  if (!isPair(id)) return entityPath(world, id);
  return `(${entityPath(world, world.pairFirst(id))},${entityPath(world, world.pairSecond(id))})`;
}

/** An id as a query field's `ids` entry: `["Position"]` or `["ChildOf","Sun"]`. */
export function idParts(world: World, id: Id): string[] {
  if (!isPair(id)) return [entityPath(world, id)];
  return [entityPath(world, world.pairFirst(id)), entityPath(world, world.pairSecond(id))];
}

/** JSON text of the value of `id` that `owner` stores, or undefined when the id carries no reflected data. */
export function valueText(world: World, owner: Entity, id: Id): string | undefined {
  const schema = world.dataOf(id)?.schema;
  if (!schema) return undefined;
  const { table, row } = world.locate(owner);
  const column = table.column(id);
  if (!column) return undefined;
  return writeValue(templateOf(schema), column.arrays, row, world);
}

/** A JSON text object from key/JSON-text pairs, in order. */
export function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/** `doc` of an entity: its label (doc name, else name) and the brief, color and link it has. */
export function docText(world: World, e: Entity): string {
  const d: [string, string][] = [['label', JSON.stringify(world.doc(e, 'name') ?? entityName(world, e))]];
  for (const f of ['brief', 'color', 'link'] as const) {
    const text = world.doc(e, f);
    if (text !== undefined) d.push([f, JSON.stringify(text)]);
  }
  return objectText(d);
}

/** A type_info text with its unit and quantity paths (ecs.units.*) as Flecs 4 prints them (flecs.units.*). */
export function wireUnits(typeInfo: string): string {
  return renameRoot(typeInfo, WORLD_ROOT, REFERENCE_ROOT);
}
