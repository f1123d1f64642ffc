// Packs the drawn entities of a scene into a viewport frame: one pass per matched table of its
// renderables query, copying columns into the frame's sections (no per-entity get or object).
import { pipelineOf } from '../../shared/pipeline';
import { makePair, type ColumnViews, type Entity, type Table, type World } from '../../shared/ecs';
import { FrameFlag, SHAPE_COUNT, type FrameWriter } from '../../shared/protocol';
import type { QueryResult } from '../../shared/query';
import type { DrawnScene } from './drawn-scene';
import { eulerToQuaternion } from './quaternion';

/** Header values of a packed frame; each defaults to the world's pipeline (frame number, simulated seconds) or 60 fps. */
export interface PackOptions {
  /** Frame number (default: frames run so far). */ frame?: number;
  /** Simulation time in seconds (default: simulated time so far). */ time?: number;
  /** Target frames per second written in the header (default 60). */ fps?: number;
  /** The recorded frame the scene's world stands at when it shows the past (default: the live world). */ pastFrame?: number;
  /** Entities flagged Highlighted (a breakpoint's hit); none by default. */ highlight?: ReadonlySet<Entity>;
}

/** A field's member arrays and, for a value shared by the whole table (inherited), its row. */
interface FieldAccess { views: ColumnViews; shared: number }

function access(world: World, table: Table, r: QueryResult, field: number): FieldAccess | undefined {
  const id = r.ids[field]!, src = r.sources[field]!;
  if (src === 0) {
    const col = table.column(id);
    return col ? { views: col.views, shared: -1 } : undefined;
  }
  const loc = world.locate(src), col = loc.table.column(id);
  return col ? { views: col.views, shared: loc.row } : undefined;
}

const quat = new Float64Array(4);

/**
 * Writes every enabled entity matched by the scene's renderables query into `writer` (begin … finish)
 * and returns the frame's bytes (a view into the writer, valid until its next begin()).
 * 46 bytes per entity plus the header (FRAME_HEADER_BYTES).
 */
export function packFrame(scene: DrawnScene, writer: FrameWriter, options: PackOptions = {}): Uint8Array {
  const world = scene.world, pipeline = pipelineOf(world);
  writer.begin(options.frame ?? pipeline.frame, options.time ?? pipeline.time, options.fps ?? 60, options.pastFrame);
  const highlight = options.highlight !== undefined && options.highlight.size > 0 ? options.highlight : undefined;
  const nameId = makePair(world.core.Identifier, world.core.Name), emissiveTag = scene.emissiveTag;
  // Imported bindings can compile to getter calls (CommonJS interop): keep them out of the loop.
  const toQuaternion = eulerToQuaternion, shapeCount = SHAPE_COUNT;
  const selectable = FrameFlag.Selectable, named = FrameFlag.Named, emissive = FrameFlag.Emissive, highlighted = FrameFlag.Highlighted;
  scene.renderables.each((r) => {
    const table = r.table!, n = r.count, rows = r.rows;
    // Fields 1-5 of the renderables query: position, rotation, scale, color, shape (see DrawnScene).
    const pos = access(world, table, r, 1), rot = access(world, table, r, 2), sc = access(world, table, r, 3);
    const col = access(world, table, r, 4), sh = access(world, table, r, 5);
    if (!pos || !rot || !sc || !col || !sh) return;
    const s = writer.reserve(n), o = s.offset;
    const ids = s.ids, positions = s.positions, rotations = s.rotations, scales = s.scales, colors = s.colors, shapes = s.shapes, flags = s.flags;
    const px = pos.views.x as Float32Array, py = pos.views.y as Float32Array, pz = pos.views.z as Float32Array, ps = pos.shared;
    const yaw = rot.views.yaw as Float32Array, pitch = rot.views.pitch as Float32Array, roll = rot.views.roll as Float32Array, rs = rot.shared;
    const scale = sc.views.value as Float32Array, ss = sc.shared;
    const cr = col.views.r as Uint8Array, cg = col.views.g as Uint8Array, cb = col.views.b as Uint8Array, cs = col.shared;
    const kind = sh.views.kind as Int32Array, ks = sh.shared;
    const flag = selectable | (table.has(nameId) ? named : 0) | (emissiveTag !== 0 && table.has(emissiveTag) ? emissive : 0);
    const entities = table.entities;
    // One pass per section: each loop is short and walks memory in order. A shared (inherited)
    // value is the same for the whole table, so it is filled instead of copied.
    for (let j = 0; j < n; j++) ids[o + j] = entities[rows === null ? j : rows[j]!]!;
    for (let j = 0, k = o * 3; j < n; j++, k += 3) {
      const p = ps >= 0 ? ps : rows === null ? j : rows[j]!;
      positions[k] = px[p]!; positions[k + 1] = py[p]!; positions[k + 2] = pz[p]!;
    }
    for (let j = 0, k = o * 4; j < n; j++, k += 4) {
      const q = rs >= 0 ? rs : rows === null ? j : rows[j]!;
      toQuaternion(yaw[q]!, pitch[q]!, roll[q]!, quat);
      rotations[k] = quat[0]!; rotations[k + 1] = quat[1]!; rotations[k + 2] = quat[2]!; rotations[k + 3] = quat[3]!;
    }
    if (ss >= 0) scales.fill(scale[ss]!, o, o + n);
    else if (rows === null) scales.set(scale.subarray(0, n), o);
    else for (let j = 0; j < n; j++) scales[o + j] = scale[rows[j]!]!;
    if (cs >= 0) colors.fill((cr[cs]! << 16) | (cg[cs]! << 8) | cb[cs]!, o, o + n);
    else for (let j = 0; j < n; j++) { const c = rows === null ? j : rows[j]!; colors[o + j] = (cr[c]! << 16) | (cg[c]! << 8) | cb[c]!; }
    for (let j = 0; j < n; j++) {
      const shape = kind[ks >= 0 ? ks : rows === null ? j : rows[j]!]!;
      shapes[o + j] = shape >= 0 && shape < shapeCount ? shape : 0;
    }
    flags.fill(flag, o, o + n);
    // A hit names a handful of entities: a set lookup per entity only while there is one.
    if (highlight !== undefined) for (let j = 0; j < n; j++) if (highlight.has(ids[o + j]!)) flags[o + j] = flag | highlighted;
  });
  return writer.finish();
}

/** The entities packFrame would draw, in frame order (for tests and tools; allocates). */
export function drawnEntities(scene: DrawnScene): Entity[] {
  const out: Entity[] = [];
  scene.renderables.each((r) => { for (let j = 0; j < r.count; j++) out.push(r.table!.entities[r.rows ? r.rows[j]! : j]!); });
  return out;
}
