// The recently run queries, newest first, kept in localStorage across visits.

/** How many recent queries are kept. */
export const MAX_RECENT = 20;

/** localStorage key of the list. */
export const RECENT_KEY = 'ecs-explorer.recent-queries';

/** The part of Storage used here. */
export type RecentStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The list with `q` added at the front (moved there if present; blank text ignored), at most MAX_RECENT long. */
export function addRecent(list: readonly string[], q: string): string[] {
  const text = q.trim();
  if (text === '') return [...list];
  return [text, ...list.filter((x) => x !== text)].slice(0, MAX_RECENT);
}

/** The stored list; [] when there is none, or when what is stored is not a list of strings. */
export function loadRecent(storage: RecentStorage | undefined): string[] {
  try {
    const raw = storage?.getItem(RECENT_KEY);
    if (!raw) return [];
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    // Unreadable or blocked storage means no history, not a broken page.
    return [];
  }
}

/** Stores the list; returns false when storage refused it (private mode, quota). */
export function saveRecent(storage: RecentStorage | undefined, list: readonly string[]): boolean {
  try {
    storage?.setItem(RECENT_KEY, JSON.stringify(list.slice(0, MAX_RECENT)));
    return storage !== undefined;
  } catch {
    return false;
  }
}
