// What the Build section's add box offers: the world's components and tags while a name is typed,
// and, inside an open pair `(Rel, Tar`, the pair with each named entity whose path contains what
// was typed of the target, written with the text typed so far so the browser's list keeps them.

/** Most pair targets offered at once. */
export const MAX_PAIR_TARGETS = 50;

/** `(Rel,` then the target typed so far (no closing parenthesis yet). */
const OPEN_PAIR = /^(\(\s*[^,()\s][^,()]*,\s*)([^()]*)$/;

/** The text up to the target and the typed part of the target when `text` is an open pair, else undefined. */
export function openPair(text: string): { head: string; target: string } | undefined {
  const m = OPEN_PAIR.exec(text);
  return m ? { head: m[1]!, target: m[2]!.trim() } : undefined;
}

/** The add box's suggestions for `text`: `names` (components, tags), or pairs with `entities` (paths). */
export function addSuggestions(text: string, names: readonly string[], entities: readonly string[]): string[] {
  const pair = openPair(text);
  if (!pair) return [...names];
  const want = pair.target.toLowerCase();
  return entities.filter((p) => p.toLowerCase().includes(want)).slice(0, MAX_PAIR_TARGETS).map((p) => `${pair.head}${p})`);
}
