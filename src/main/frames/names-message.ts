// The names side of the frame stream (the protocol's meta message): which drawn entities are
// named, their paths and labels, and a cheap version number that changes when any of that may have changed.
import { makePair, type World } from '../../shared/ecs';
import type { MetaEntity, MetaMessage } from '../../shared/protocol';
import type { DrawnScene } from './drawn-scene';

const labelChanges = new WeakMap<World, { n: number }>();

/** Counts changes of doc names (labels) in the world, for metaVersion. Idempotent; a scene calls it when it is built. */
export function watchLabels(world: World): void {
  if (labelChanges.has(world)) return;
  const counter = { n: 0 };
  labelChanges.set(world, counter);
  const docName = makePair(world.core.Description, world.core.Name);
  const bump = () => { counter.n++; };
  world.observe(docName, 'add', bump);
  world.observe(docName, 'set', bump);
  world.observe(docName, 'remove', bump);
}

/** The meta message: the app title and every named entity that is drawn now (id, name, dotted path, label). */
export function metaMessage(scene: DrawnScene): MetaMessage {
  const world = scene.world, nameId = makePair(world.core.Identifier, world.core.Name);
  const entities: MetaEntity[] = [];
  scene.renderables.each((r) => {
    const table = r.table!;
    if (!table.has(nameId)) return;
    for (let j = 0; j < r.count; j++) {
      const e = table.entities[r.rows ? r.rows[j]! : j]!;
      const name = world.nameOf(e)!, label = world.doc(e, 'name');
      entities.push(label !== undefined && label !== name ? { id: e, name, path: world.pathOf(e), label } : { id: e, name, path: world.pathOf(e) });
    }
  });
  return { type: 'meta', title: world.doc(world.core.World, 'name') ?? scene.defaultTitle, entities };
}

/**
 * A number that changes whenever metaMessage(scene) may have changed: a named entity was drawn or
 * hidden (created, deleted, enabled, disabled), moved to another parent, or its label changed.
 * Costs one pass over the named drawn entities (not the anonymous ones): call it every frame.
 */
export function metaVersion(scene: DrawnScene): number {
  const world = scene.world, nameId = makePair(world.core.Identifier, world.core.Name);
  // An order-free sum, so ships moving between tables (new destinations) do not count as changes.
  let sum = 0, count = 0;
  scene.renderables.each((r) => {
    const table = r.table!;
    if (!table.has(nameId)) return;
    const parent = table.flags.parentIndex;
    for (let j = 0; j < r.count; j++) {
      const e = table.entities[r.rows ? r.rows[j]! : j]!;
      sum = (sum + mix(e, parent)) >>> 0;
      count++;
    }
  });
  const labels = labelChanges.get(world)?.n ?? 0;
  return (Math.imul(sum ^ count, 0x9e3779b1) ^ Math.imul(labels + 1, 0x85ebca6b)) >>> 0;
}

function mix(e: number, parent: number): number {
  let h = Math.imul((e >>> 0) ^ Math.imul(Math.floor(e / 4294967296), 0x27d4eb2d), 0x165667b1) ^ Math.imul(parent, 0xc2b2ae35);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) >>> 0;
}
