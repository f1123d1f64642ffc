// Built-in entities by their short name: "ecs.core.ChildOf" reads "ChildOf" (the full path stays
// in the tooltip). The user's own entities keep their path.
import { isBuiltinPath, leafName } from '../client';

/** The short name of a built-in entity, or the path as it is. */
export function shortName(path: string): string {
  return isBuiltinPath(path) && path !== 'ecs' ? leafName(path) : path;
}

/** An id as text with built-ins shortened: ["ecs.core.ChildOf", "*"] -> "(ChildOf, *)". */
export function shortIdText(id: readonly string[] | undefined): string {
  if (!id || id.length === 0) return '?';
  return id.length === 1 ? shortName(id[0]!) : `(${shortName(id[0]!)}, ${shortName(id[1]!)})`;
}

/** Shortens every built-in path inside a text such as "(ecs.core.ChildOf, *)". */
export function shortenPaths(text: string): string {
  return text.replace(/\becs(\.[A-Za-z_][\w]*)+/g, (m) => shortName(m));
}
