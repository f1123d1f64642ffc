// The differences between two world images, in words: the first table, entity, component and
// member where a replayed world differs from a recorded one (the determinism check, and the trial
// run of a history file before it is opened).
import type { Id, TableImage, World, WorldImage } from '../ecs';

/**
 * The monitor's samples (components under ecs.monitor: frame times, load, memory) measure the
 * process, not the simulation: they are read from the wall clock by design, so the check leaves them out.
 */
export function isProcessStatistic(world: World, id: Id): boolean {
  return world.idText(id).startsWith('ecs.monitor.');
}

/**
 * The first difference between a recorded and a replayed image, in words, or undefined when they
 * hold the same world. Columns of ids for which `ignore` says true are not compared.
 */
export function diffImages(recorded: WorldImage, replayed: WorldImage, world: World, ignore: (world: World, id: Id) => boolean = () => false): string | undefined {
  if (recorded.tables.length !== replayed.tables.length) return `the replay has ${replayed.tables.length} tables, the recording ${recorded.tables.length}`;
  for (let i = 0; i < recorded.tables.length; i++) {
    const a = recorded.tables[i]!, b = replayed.tables[i]!;
    if (a.id !== b.id || a.type.join(',') !== b.type.join(',')) return `table ${i} is [${b.type.map((id) => world.idText(id)).join(', ')}] in the replay, [${a.type.map((id) => world.idText(id)).join(', ')}] recorded`;
    const d = diffTable(a, b, world, ignore);
    if (d !== undefined) return d;
  }
  if (recorded.entities.free.join() !== replayed.entities.free.join()) return 'the recycled entity ids differ (entities were created or deleted differently)';
  const pa = JSON.stringify(recorded.parts), pb = JSON.stringify(replayed.parts);
  if (pa !== pb) return `state outside the store differs: ${firstPartDifference(recorded.parts, replayed.parts)}`;
  return undefined;
}

function diffTable(a: TableImage, b: TableImage, world: World, ignore: (world: World, id: Id) => boolean): string | undefined {
  const type = `[${a.type.map((id) => world.idText(id)).join(', ')}]`;
  if (a.entities.join() !== b.entities.join()) return `the entities of table ${type} differ: ${a.entities.length} recorded, ${b.entities.length} replayed`;
  const dataIds = a.type.filter((id) => world.dataOf(id) !== undefined);
  for (let c = 0; c < a.columns.length; c++) {
    const id = dataIds[c]!, info = world.dataOf(id);
    if (ignore(world, id)) continue;
    const ca = a.columns[c] as readonly unknown[], cb = b.columns[c] as readonly unknown[];
    const leaves = info?.schema?.leaves;
    for (let l = 0; l < ca.length; l++) {
      const la = ca[l], lb = cb[l];
      if (leaves) {
        const xa = la as ArrayLike<unknown>, xb = lb as ArrayLike<unknown>;
        for (let r = 0; r < xa.length; r++) {
          if (!Object.is(xa[r], xb[r])) {
            const e = a.entities[r]!;
            return `${world.isAlive(e) ? world.pathOf(e) : String(e)} (${e}): ${world.idText(id)}.${leaves[l]!.key} is ${String(xa[r])} recorded, ${String(xb[r])} replayed`;
          }
        }
      } else if (JSON.stringify(la) !== JSON.stringify(lb)) {
        const e = a.entities[l]!;
        return `${world.isAlive(e) ? world.pathOf(e) : String(e)} (${e}): the opaque ${world.idText(id)} differs`;
      }
    }
  }
  return undefined;
}

function firstPartDifference(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): string {
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return `part '${k}' is ${JSON.stringify(a[k])?.slice(0, 200)} recorded, ${JSON.stringify(b[k])?.slice(0, 200)} replayed`;
  }
  return 'unknown';
}
