// A reply as the docs show it, and the check of a real reply against it. The docs write replies
// as JSON in which `…` leaves something out: `[…]` any elements, `, …}` any other members, and
// `…` as a value any value. Everything shown must be in the reply, in the same places.
import { isDeepStrictEqual } from 'node:util';

/** A parsed documented reply. */
export type Pattern =
  | { kind: 'value'; value: string | number | boolean | null }
  | { kind: 'any' }
  | { kind: 'array'; items: Pattern[]; open: boolean }
  | { kind: 'object'; members: [string, Pattern][]; open: boolean };

const ELLIPSIS = '…';

/** Parses a documented reply; throws with the offset of the first thing that is neither JSON nor `…`. */
export function parsePattern(text: string): Pattern {
  let i = 0;
  const fail = (what: string): never => { throw new Error(`${what} at offset ${i} of the reply shown: ${JSON.stringify(text.slice(i, i + 30))}`); };
  const space = () => { while (i < text.length && /\s/.test(text[i]!)) i++; };
  const value = (): Pattern => {
    space();
    const c = text[i];
    if (c === ELLIPSIS) { i++; return { kind: 'any' }; }
    if (c === '{') return object();
    if (c === '[') return array();
    const m = /^(?:"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)/.exec(text.slice(i));
    if (!m) return fail('expected a JSON value or …');
    i += m[0].length;
    return { kind: 'value', value: JSON.parse(m[0]) as string | number | boolean | null };
  };
  const array = (): Pattern => {
    i++;
    const items: Pattern[] = [];
    let open = false;
    for (;;) {
      space();
      if (text[i] === ']') { i++; return { kind: 'array', items, open }; }
      if (text[i] === ELLIPSIS) { i++; open = true; } else { if (open) fail('an array may leave out elements only at its end (…)'); items.push(value()); }
      space();
      if (text[i] === ',') i++; else if (text[i] !== ']') fail("expected ',' or ']'");
    }
  };
  const object = (): Pattern => {
    i++;
    const members: [string, Pattern][] = [];
    let open = false;
    for (;;) {
      space();
      if (text[i] === '}') { i++; return { kind: 'object', members, open }; }
      if (text[i] === ELLIPSIS) { i++; open = true; } else {
        const key = value();
        if (key.kind !== 'value' || typeof key.value !== 'string') fail('expected a member name');
        space();
        if (text[i] !== ':') fail("expected ':'");
        i++;
        members.push([(key as { value: string }).value, value()]);
      }
      space();
      if (text[i] === ',') i++; else if (text[i] !== '}') fail("expected ',' or '}'");
    }
  };
  const root = value();
  space();
  if (i < text.length) fail('unexpected text after the reply');
  return root;
}

/** How strictly a reply is compared with the docs. */
export interface MatchOptions {
  /** 'exact': numbers as shown; 'kind': any number where a number is shown (values measured while frames run). */
  numbers: 'exact' | 'kind';
  /** The docs say the reply is trimmed: objects may have more members and arrays more elements at the end. */
  trimmed: boolean;
}

/** One difference between a documented reply and a real one. */
export interface Mismatch {
  /** Where, as a JSON path: $.results[0].entities[1] */
  path: string;
  /** What the docs show there. */
  shown: string;
  /** What the reply has there. */
  got: string;
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? 'nothing' : s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

function showPattern(p: Pattern): string {
  switch (p.kind) {
    case 'value': return JSON.stringify(p.value);
    case 'any': return ELLIPSIS;
    case 'array': return `an array of ${p.items.length}${p.open ? ' or more' : ''} element${p.items.length === 1 && !p.open ? '' : 's'}`;
    case 'object': return `an object with ${p.members.map(([k]) => JSON.stringify(k)).join(', ')}${p.open ? ' and more' : ' only'}`;
  }
}

/** Compares a reply with its documented pattern; returns the differences (empty when it matches). */
export function matchPattern(pattern: Pattern, actual: unknown, options: MatchOptions, path = '$'): Mismatch[] {
  const miss = (got: unknown = actual): Mismatch[] => [{ path, shown: showPattern(pattern), got: show(got) }];
  switch (pattern.kind) {
    case 'any': return [];
    case 'value': {
      const v = pattern.value;
      if (typeof v === 'number' && options.numbers === 'kind') return typeof actual === 'number' ? [] : miss();
      return isDeepStrictEqual(v, actual) ? [] : miss();
    }
    case 'array': {
      if (!Array.isArray(actual)) return miss();
      const open = pattern.open || options.trimmed;
      if (open ? actual.length < pattern.items.length : actual.length !== pattern.items.length) {
        return [{ path, shown: showPattern(pattern), got: `${actual.length} element${actual.length === 1 ? '' : 's'}: ${show(actual)}` }];
      }
      return pattern.items.flatMap((p, k) => matchPattern(p, actual[k], options, `${path}[${k}]`));
    }
    case 'object': {
      if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return miss();
      const obj = actual as Record<string, unknown>;
      const out: Mismatch[] = [];
      for (const [k, p] of pattern.members) {
        const sub = `${path}.${k}`;
        if (!(k in obj)) out.push({ path: sub, shown: showPattern(p), got: 'no such member' });
        else out.push(...matchPattern(p, obj[k], options, sub));
      }
      if (!pattern.open && !options.trimmed) {
        const shown = new Set(pattern.members.map(([k]) => k));
        const extra = Object.keys(obj).filter((k) => !shown.has(k));
        if (extra.length) out.push({ path, shown: showPattern(pattern), got: `also ${extra.map((k) => JSON.stringify(k)).join(', ')} (show them, or end the object with , …)` });
      }
      return out;
    }
  }
}
