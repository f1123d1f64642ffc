// JSON object members joined as they are made: replies concatenate their members instead of
// pushing parts into an array and joining it (the array and the join were a third of a small
// entity reply's work), and the text is flattened once, when it is written out.

/** `text` and `part` as members of one object (`text` may be empty: no member yet). */
export function member(text: string, part: string): string {
  return text === '' ? part : `${text},${part}`;
}

/**
 * `text` flattened now, for a text that is kept and written many times: a concatenated string is
 * a tree of its parts until something reads a character of it, and reading one turns the tree
 * into one flat copy in place (V8), so the text is copied once here instead of on every write.
 */
export function flattened(text: string): string {
  text.charCodeAt(0); // NaN for '', which is flat already
  return text;
}
