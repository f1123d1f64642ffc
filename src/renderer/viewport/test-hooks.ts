// Hooks for end-to-end tests, always installed (each call is cheap and reads drawn state only).
import type { MetaEntity } from '../../shared/protocol/frame';
import type { HitMarkers } from './hit-markers';
import type { InstancedEntities } from './instancing';
import { indexOfId, type Picker } from './picking';

/** window.__viewport: what the e2e tests read. Coordinates are CSS pixels relative to the canvas. */
export interface ViewportTestHooks {
  /** Number of the last drawn frame (-1 before the first). */
  frameNumber(): number;
  /** The recorded frame the last drawn frame shows when it shows the past; null for the live world (or no frame yet). */
  pastFrame(): number | null;
  /** Position [x, y, z] of `id` in the last drawn frame; null if absent. */
  position(id: number): [number, number, number] | null;
  /** Ids marked as a breakpoint's hit in the last drawn frame, in frame order. */
  highlighted(): number[];
  /** Instances drawn in the last frame (= its entity count). */
  instanceCount(): number;
  /** Whether entity `id` is in the last drawn frame. */
  has(id: number): boolean;
  /** Where the centre of `id` appears on the canvas; null if absent or off-screen. */
  project(id: number): { x: number; y: number } | null;
  /** The selectable entity at (x, y), as a click would select it; null if none. */
  pick(x: number, y: number): { id: number; name?: string; path?: string } | null;
  /** The application title (from the meta message; '' until it arrives). */
  title(): string;
}

declare global {
  interface Window {
    /** Test hooks of the viewport page. */
    __viewport?: ViewportTestHooks;
  }
}

/** Installs window.__viewport. */
export function installTestHooks(entities: InstancedEntities, markers: HitMarkers, picker: Picker, names: Map<number, MetaEntity>, title: () => string): void {
  window.__viewport = {
    frameNumber: () => entities.current?.frameNumber ?? -1,
    pastFrame: () => {
      const f = entities.current;
      return f === undefined || f.pastFrame < 0 ? null : f.pastFrame;
    },
    position: (id) => {
      const f = entities.current, i = indexOfId(f, id);
      return f === undefined || i < 0 ? null : [f.positions[i * 3]!, f.positions[i * 3 + 1]!, f.positions[i * 3 + 2]!];
    },
    highlighted: () => [...markers.highlighted],
    instanceCount: () => entities.instanceCount,
    has: (id) => indexOfId(entities.current, id) >= 0,
    project: (id) => {
      const out = { x: 0, y: 0 };
      return picker.project(indexOfId(entities.current, id), out) ? out : null;
    },
    pick: (x, y) => {
      const i = picker.pick(x, y);
      if (i < 0) return null;
      const id = entities.current!.ids[i]!;
      const named = names.get(id);
      return named === undefined ? { id } : { id, name: named.name, path: named.path };
    },
    title,
  };
}
