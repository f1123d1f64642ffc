// Request-target parsing (docs/rest-api.md, Addresses and parameters): parameters start at the first `?` or
// `&` after the path (so `/set/Sun&data=…` works), a later `?` also starts a parameter, values are
// form-decoded (`%XX`, `+` is a space), the first occurrence of a name wins.

/** A parsed request target. */
export interface ParsedTarget {
  /** Path before the parameters, still percent-encoded. */
  readonly path: string;
  /** Decoded parameters; a parameter written without `=` has the value ''. Shared between requests: read-only. */
  readonly params: Readonly<Record<string, string>>;
}

/** A target that cannot be decoded; `message` names the culprit. */
export class TargetError extends Error {}

function formDecode(text: string, what: string): string {
  const spaced = text.indexOf('+') >= 0 ? text.replaceAll('+', ' ') : text;
  if (spaced.indexOf('%') < 0) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    throw new TargetError(`malformed percent-encoding in ${what}: write a '%' as %25 and encode non-ASCII text as UTF-8`);
  }
}

/**
 * Splits a raw request target into path and decoded parameters. Throws TargetError. `remember`
 * (default true): look the parameter text up among recent ones and keep it there; false for a
 * text that will not come again (a write's data).
 */
export function parseTarget(target: string, remember = true): ParsedTarget {
  let t = target;
  // An absolute-form target (proxies) carries the origin before the path.
  if (t.startsWith('http://') || t.startsWith('https://')) {
    const slash = t.indexOf('/', t.indexOf('//') + 2);
    t = slash < 0 ? '/' : t.slice(slash);
  }
  const hash = t.indexOf('#');
  if (hash >= 0) t = t.slice(0, hash);
  let cut = t.length;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 63 /* ? */ || c === 38 /* & */) { cut = i; break; }
  }
  return { path: t.slice(0, cut), params: paramsOf(t, cut, remember) };
}

/**
 * Decoded parameters of recent targets by their parameter text: clients repeat the same few
 * (`values=true`, a query and its pages). Bounded: emptied when full. Texts longer than
 * REMEMBERED_TEXT (a /set with its data) are decoded every time.
 */
let remembered = new Map<string, Readonly<Record<string, string>>>();
/** How many recent request texts a memo of them holds before it is emptied (parameters here, routes in route-table.ts). */
export const REMEMBERED = 256;
/** The longest request text such a memo keeps (longer ones, a /set with its data, are worked out every time). */
export const REMEMBERED_TEXT = 512;
/** The parameters of a target without any (most requests). */
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>);

/** The parameters after `cut` (the first `?` or `&`), decoded; frozen, so every request may share them. */
function paramsOf(t: string, cut: number, remember: boolean): Readonly<Record<string, string>> {
  if (cut >= t.length - 1) return NO_PARAMS;
  const text = t.slice(cut + 1);
  if (!remember) return decodeParams(text);
  const known = remembered.get(text);
  if (known !== undefined) return known;
  const params = decodeParams(text);
  if (text.length <= REMEMBERED_TEXT) {
    // Emptied by a new map, not Map.clear() (reply-cache.ts says why).
    if (remembered.size >= REMEMBERED) remembered = new Map();
    remembered.set(text, params);
  }
  return params;
}

/** Decodes `a=1&b=2?c` (a later `?` also starts a parameter); the first occurrence of a name wins. */
function decodeParams(t: string): Readonly<Record<string, string>> {
  // No prototype: parameter names such as `constructor` or `__proto__` are plain keys.
  const params = Object.create(null) as Record<string, string>;
  let i = 0;
  while (i <= t.length) {
    let end = i;
    while (end < t.length && t.charCodeAt(end) !== 38 && t.charCodeAt(end) !== 63) end++;
    if (end > i) {
      const piece = t.slice(i, end);
      const eq = piece.indexOf('=');
      const name = formDecode(eq < 0 ? piece : piece.slice(0, eq), 'a parameter name');
      if (!Object.hasOwn(params, name)) params[name] = eq < 0 ? '' : formDecode(piece.slice(eq + 1), `parameter '${name}'`);
    }
    i = end + 1;
  }
  return Object.freeze(params);
}
