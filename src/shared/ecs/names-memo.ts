// Memos that hold while a world's names and parents stand: path texts, paths resolved to
// entities. Each world has one map per memo, emptied when world.hierarchy.version moves.
import type { World } from './world';

/** A per-world map valid while no name or parent changes; bounded (past `max` the oldest half goes). */
export class NamesMemo<K, V> {
  private readonly perWorld = new WeakMap<World, { version: number; map: Map<K, V> }>();

  constructor(private readonly max: number) {}

  /** The entries of `world`'s current names state (an empty map after any rename or reparenting). */
  entries(world: World): Map<K, V> {
    const version = world.hierarchy.version;
    let m = this.perWorld.get(world);
    if (m === undefined) this.perWorld.set(world, (m = { version, map: new Map() }));
    // A new map, not Map.clear(): V8 links a cleared table to its successor, which keeps later
    // tables and their entries alive once the first one is in the old generation.
    else if (m.version !== version) { m.map = new Map(); m.version = version; }
    return m.map;
  }

  /** Adds an entry to a map given by entries(), making room first. */
  remember(map: Map<K, V>, key: K, value: V): void {
    if (map.size >= this.max) {
      let n = map.size >> 1;
      for (const k of map.keys()) { if (n-- <= 0) break; map.delete(k); }
    }
    map.set(key, value);
  }
}
