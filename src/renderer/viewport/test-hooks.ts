// Hooks for end-to-end tests, always installed (each call is cheap and reads drawn state only).
import type { MetaEntity } from '../../shared/protocol/frame';
import type { InstancedEntities } from './instancing';
import { indexOfId, type Picker } from './picking';

/** window.__viewport: what the e2e tests read. Coordinates are CSS pixels relative to the canvas. */
export interface ViewportTestHooks {
  /** Number of the last drawn frame (-1 before the first). */
  frameNumber(): number;
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
export function installTestHooks(entities: InstancedEntities, picker: Picker, names: Map<number, MetaEntity>, title: () => string): void {
  window.__viewport = {
    frameNumber: () => entities.current?.frameNumber ?? -1,
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
