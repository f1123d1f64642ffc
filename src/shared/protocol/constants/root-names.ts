// The one difference between the world's names and the reference engine's: the built-in root
// module is `ecs` here and `flecs` there (flecs.core.World). Structured paths are translated by
// the JSON layer's DialectNames (built from these two names); text that holds names — a query
// expression, a type_info or a whole JSON reply — is translated by renameRoot, in the server (the
// Flecs 4 dialect) and in the explorer (which reads a compat host's replies in the world's names).

/** The world's built-in root module. */
export const WORLD_ROOT = 'ecs';

/** The reference engine's name for it. */
export const REFERENCE_ROOT = 'flecs';

const patterns = new Map<string, RegExp>();

/**
 * `text` with the root module `from` written as `to` wherever a name starts with it: `from`
 * followed by '.', or standing alone, and not continuing another name (after a letter, digit,
 * '_', '$', '.' or '#'). A user entity called `flecsy`, or `x.flecs`, keeps its name.
 */
export function renameRoot(text: string, from: string, to: string): string {
  if (!text.includes(from)) return text;
  let re = patterns.get(from);
  if (re === undefined) patterns.set(from, (re = new RegExp(`(?<![\\w$.#])${from}(?=[.),\\s"\\]]|$)`, 'g')));
  return text.replace(re, to);
}
