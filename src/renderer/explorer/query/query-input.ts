// What the query box holds: nothing, a query in the DSL, or `?-Name` / `?-Name(a: X, b: Y)`,
// which runs the existing named query, filter, rule or system `Name` with variable values.

/** The query box text, understood. */
export type QueryInput =
  | { kind: 'empty' }
  | { kind: 'query'; q: string }
  | { kind: 'named'; name: string; vars: [string, string][] }
  | { kind: 'error'; message: string; position: number };

/** Prefix that runs a named query. */
export const NAMED_PREFIX = '?-';

class ArgsError extends Error {
  constructor(message: string, readonly position: number) {
    super(message);
  }
}

const NAME_CHARS = /[^\s(),:]/;

/** Reads `?-Name(args)` starting at text[0..1] == '?-'. Positions are offsets into `text`. */
function parseNamed(text: string): { name: string; vars: [string, string][] } {
  let i = NAMED_PREFIX.length;
  const skip = () => { while (i < text.length && /\s/.test(text[i]!)) i++; };
  const word = (what: string): string => {
    const start = i;
    while (i < text.length && NAME_CHARS.test(text[i]!)) i++;
    if (i === start) {
      throw new ArgsError(i >= text.length ? `expected ${what} at the end` : `expected ${what}, found '${text[i]}'`, i);
    }
    return text.slice(start, i);
  };
  skip();
  const name = word(`the name of a query after '${NAMED_PREFIX}'`);
  skip();
  const vars: [string, string][] = [];
  if (i < text.length && text[i] === '(') {
    i++;
    skip();
    if (text[i] === ')') i++;
    else {
      for (;;) {
        skip();
        const varStart = i;
        let v = word('a variable name');
        if (v.startsWith('$')) v = v.slice(1);
        if (v === '') throw new ArgsError(`expected a variable name after '$'`, varStart + 1);
        skip();
        if (text[i] !== ':') throw new ArgsError(`expected ':' after variable '${v}', as in (${v}: Earth)`, i);
        i++;
        skip();
        const value = word(`a value for '${v}'`);
        if (vars.some(([k]) => k === v)) throw new ArgsError(`variable '${v}' is given twice`, varStart);
        vars.push([v, value]);
        skip();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ')') { i++; break; }
        throw new ArgsError(i >= text.length ? `missing ')' at the end of the arguments` : `expected ',' or ')', found '${text[i]}'`, i);
      }
    }
    skip();
  }
  if (i < text.length) throw new ArgsError(`unexpected '${text[i]}' after the query name; arguments go in parentheses: ${NAMED_PREFIX}${name}(var: value)`, i);
  return { name, vars };
}

/** Understands the query box text. */
export function parseQueryInput(text: string): QueryInput {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  if (!t.startsWith(NAMED_PREFIX)) return { kind: 'query', q: text };
  const lead = text.length - text.trimStart().length;
  try {
    return { kind: 'named', ...parseNamed(t) };
  } catch (err) {
    if (err instanceof ArgsError) return { kind: 'error', message: err.message, position: err.position + lead };
    throw err;
  }
}

/** The box text for a named query with variables: ("ShipsHeadingTo", [["planet","Earth"]]) -> "?-ShipsHeadingTo(planet: Earth)". */
export function namedQueryText(name: string, vars: readonly (readonly [string, string])[] = []): string {
  return `${NAMED_PREFIX}${name}${vars.length ? `(${vars.map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`;
}
