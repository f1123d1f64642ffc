// How a message repeats a client's own text (an expression, a name, a path, a URL): at most
// MAX_ECHOED_CHARS characters, cut and marked with '…', so a 20 KB query does not come back whole
// in its error. Every echo uses this, in the server, the host and the explorer.

/** Longest piece of a request's own text an error message repeats; longer is cut, marked with '…'. */
export const MAX_ECHOED_CHARS = 80;

/** The mark where echoed text was cut. */
export const CUT_MARK = '…';

/** `text` cut after `max` characters (default MAX_ECHOED_CHARS), marked with '…' where it was cut. */
export function echoed(text: string, max: number = MAX_ECHOED_CHARS): string {
  return text.length > max ? text.slice(0, max) + CUT_MARK : text;
}
