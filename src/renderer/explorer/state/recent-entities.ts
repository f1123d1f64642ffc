// The recently opened entities, newest first, kept in localStorage across visits (the inspector
// lists them when nothing is selected).
import { addRecent, type RecentStorage } from './recent-queries';

/** localStorage key of the list. */
export const RECENT_ENTITIES_KEY = 'ecs-explorer.recent-entities';

/** How many recent entities are kept. */
export const MAX_RECENT_ENTITIES = 10;

/** The stored list; [] when there is none or it is unreadable. */
export function loadRecentEntities(storage: RecentStorage | undefined): string[] {
  try {
    const raw = storage?.getItem(RECENT_ENTITIES_KEY);
    const v: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAX_RECENT_ENTITIES) : [];
  } catch {
    return [];
  }
}

/** Puts `path` at the front of the stored list; returns the new list. */
export function rememberEntity(storage: RecentStorage | undefined, path: string): string[] {
  const next = addRecent(loadRecentEntities(storage), path).slice(0, MAX_RECENT_ENTITIES);
  try {
    storage?.setItem(RECENT_ENTITIES_KEY, JSON.stringify(next));
  } catch {
    // A full or blocked storage only means no history.
  }
  return next;
}
