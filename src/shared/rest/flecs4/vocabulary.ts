// The few built-in names a Flecs 4 client asks about that this world has no use for: the
// explorer's tree query asks every entity whether it is a Relationship, a Trait or a Target, its
// pipeline page asks for Pipeline entities, its components page for (Identifier, Symbol) and the
// meta kinds primitive and opaque. A query naming an unknown entity is an error, so the dialect
// adds these as built-in tags (once per world) and puts Relationship and Trait on the built-ins
// that are one, as the reference does.
import { markBuiltinTree, type Entity, type World } from '../../ecs';

const installed = new WeakSet<World>();

function tagUnder(world: World, parent: string, name: string): Entity {
  const found = world.lookup(`${parent}.${name}`);
  if (found !== 0) return found;
  const e = world.tag(name, { parent: world.lookup(parent) });
  markBuiltinTree(world, e);
  return e;
}

/** Adds the Flecs 4 vocabulary to a world (idempotent). */
export function installFlecs4Vocabulary(world: World): void {
  if (installed.has(world)) return;
  installed.add(world);
  const c = world.core;
  const Relationship = tagUnder(world, 'ecs.core', 'Relationship');
  const Trait = tagUnder(world, 'ecs.core', 'Trait');
  tagUnder(world, 'ecs.core', 'Target');
  tagUnder(world, 'ecs.core', 'Symbol');
  tagUnder(world, 'ecs.meta', 'primitive');
  tagUnder(world, 'ecs.meta', 'opaque');
  const Pipeline = tagUnder(world, 'ecs.pipeline', 'Pipeline');
  const builtinPipeline = tagUnder(world, 'ecs.pipeline', 'BuiltinPipeline');
  world.add(builtinPipeline, Pipeline);
  for (const r of [c.ChildOf, c.IsA, c.DependsOn, c.OnDelete, c.OnDeleteTarget]) world.add(r, Relationship);
  for (const t of [c.Private, c.Final, c.DontInherit, c.Tag, c.Exclusive, c.Acyclic, c.Traversable, c.OnDelete, c.OnDeleteTarget]) world.add(t, Trait);
}
