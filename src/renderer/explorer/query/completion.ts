// Autocomplete for the query box: the word under the caret, the names that complete it, and the
// text once a name is chosen. After `?-` the names are those of named queries, rules and systems.

/** A name the box can offer. */
export interface NameCandidate {
  /** What is inserted: the full path ("Sun.Earth", "ecs.core.ChildOf"). */
  path: string;
  kind: 'component' | 'tag' | 'query';
}

/** The word being typed: where it starts and ends, and whether it names a query (`?-Name`). */
export interface Word {
  start: number;
  end: number;
  text: string;
  named: boolean;
}

const WORD = /[A-Za-z0-9_.]/;

/** The word around `caret` in `text` (empty text when the caret is not in or after one). */
export function wordAt(text: string, caret: number): Word {
  let start = caret;
  while (start > 0 && WORD.test(text[start - 1]!)) start--;
  let end = caret;
  while (end < text.length && WORD.test(text[end]!)) end++;
  const before = text.slice(0, start).trimEnd();
  const named = before === '?-';
  // A variable ($x) or a word inside a string is not a name to complete.
  const prev = text[start - 1];
  const text_ = prev === '$' || prev === '"' ? '' : text.slice(start, caret);
  return { start, end, text: text_, named };
}

/** The last level of a path ("ChildOf" for "ecs.core.ChildOf"). */
function leaf(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

/**
 * Names that complete `word`, best first: those whose last level starts with it, then those whose
 * path does, then those that contain it; case does not matter; at most `max`.
 */
export function suggestions(candidates: readonly NameCandidate[], word: Word, max = 8): NameCandidate[] {
  const w = word.text.toLowerCase();
  if (!w) return [];
  // A named query is run with ?-, never used as a term.
  const pool = candidates.filter((c) => (word.named ? c.kind === 'query' : c.kind !== 'query'));
  const rank = (c: NameCandidate) => {
    const l = leaf(c.path).toLowerCase(), p = c.path.toLowerCase();
    if (p === w || l === w) return -1;
    if (l.startsWith(w)) return 0;
    if (p.startsWith(w)) return 1;
    if (p.includes(w)) return 2;
    return 3;
  };
  return pool
    .map((c) => ({ c, r: rank(c) }))
    .filter((x) => x.r < 3 && x.r >= 0)
    .sort((a, b) => a.r - b.r || a.c.path.length - b.c.path.length || (a.c.path < b.c.path ? -1 : 1))
    .slice(0, max)
    .map((x) => x.c);
}

/** `text` with `word` replaced by `path`, and where the caret goes after it. */
export function applySuggestion(text: string, word: Word, path: string): { text: string; caret: number } {
  return { text: text.slice(0, word.start) + path + text.slice(word.end), caret: word.start + path.length };
}
