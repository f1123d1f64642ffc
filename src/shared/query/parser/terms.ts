// Reading of one term: references, the pair form `(Rel, Target)`, and the call form
// `First(Source[:traversal], Target)` with its traversal flags. See grammar.ts for the
// accepted forms.
import type { InOut, Oper, Ref, TermNode, Traversal } from './ast';
import { type Cursor, quote } from './cursor';

/** Prefixes written before a term: access modifier and operator, with their offsets. */
export interface Prefixes { inout: InOut; inoutPos: number; oper: Oper; operPos: number }

const TRAVERSAL_KEYWORDS = new Set(['self', 'up', 'parent', 'cascade', 'desc']);
const UNKNOWN_TRAVERSAL = 'expected self, up, up(Rel), parent, cascade or desc';

/** Reads any reference at the cursor, or returns undefined when none starts there. */
export function readRef(c: Cursor): Ref | undefined {
  const ch = c.peek();
  if (ch === 34) return c.readString();
  if (ch === 36) return c.readVar();
  if (ch === 42) {
    c.advance();
    c.token();
    return { kind: 'wildcard', pos: c.pos - 1 };
  }
  if (c.digit()) return c.readId();
  // Flecs 4 writes entity ids as #123 (and the root, no entity, as #0).
  if (ch === 35 /* # */) {
    const pos = c.pos;
    c.advance();
    if (!c.digit()) c.fail(`'#' must be followed by an entity id, as in #0 or #512`, pos);
    return { ...c.readId(), pos };
  }
  if (c.identStart()) {
    const pos = c.pos;
    const text = c.readName();
    return text === '_' ? { kind: 'any', pos } : { kind: 'name', text, pos };
  }
  return undefined;
}

/** Fails for an unexpected character (or the end) where `what` was expected. */
export function expected(c: Cursor, what: string): never {
  if (c.atEnd()) c.fail(`unexpected end of query: expected ${what}`);
  c.fail(`unexpected character '${c.describe()}'; expected ${what}`);
}

/** Rejects refs that may only appear as a source ($) or on the right of == != ~= (strings). */
export function checkPlain(c: Cursor, r: Ref): Ref {
  if (r.kind === 'singleton') c.fail(`'$' alone is only valid as a source, as in Position($)`, r.pos);
  if (r.kind === 'string') c.fail(`quoted string ${quote(JSON.stringify(r.value))} is only valid on the right of ==, != or ~=`, r.pos);
  return r;
}

/** Reads a required reference that is neither `$` nor a string. */
export function readPlainRef(c: Cursor, what: string): Ref {
  return checkPlain(c, readRef(c) ?? expected(c, what));
}

/** Consumes `)` or fails: end of text, an extra argument, or another character. */
function closeParen(c: Cursor, tooMany: string): void {
  c.skipWs();
  if (c.at(')')) return c.advance();
  if (c.atEnd()) c.fail(`unexpected end of query: missing ')'`);
  if (c.at(',')) c.fail(tooMany);
  c.fail(`unexpected character '${c.describe()}'; expected ')'`);
}

/** Builds a term node; the source defaults to $this (at `pos`) when `src` is undefined. */
export function makeTerm(p: Prefixes, pos: number, end: number, first: Ref, second?: Ref, src?: Ref, trav?: Traversal): TermNode {
  const node: TermNode = {
    type: 'term', first, src: src ?? { kind: 'var', name: 'this', pos }, srcWritten: src !== undefined,
    oper: p.oper, inout: p.inout, pos, end,
  };
  if (second) node.second = second;
  if (trav) node.trav = trav;
  return node;
}

/** Reads `(Rel, Target)` at the cursor (which is at the '('). */
export function readPairTerm(c: Cursor, p: Prefixes, start: number): TermNode {
  c.advance();
  c.skipWs();
  const first = readPlainRef(c, 'the relationship of a pair, as in (Eats, Apples)');
  c.skipWs();
  if (!c.at(',')) {
    if (c.at(')')) c.fail(`a pair needs a relationship and a target, as in (Eats, Apples)`);
    if (c.atEnd()) c.fail(`unexpected end of query: missing ')'`);
    c.fail(`unexpected character '${c.describe()}'; expected ',' between the relationship and the target of a pair`);
  }
  c.advance();
  c.skipWs();
  const second = readPlainRef(c, 'the target of a pair');
  readIdFlags(c, 'target');
  closeParen(c, `a pair has exactly two elements, (Rel, Target); found a third`);
  return makeTerm(p, start, c.pos, first, second);
}

/** Reads `(Source[:trav], Target)` after `first`, already checked with checkPlain (the cursor is at the '('). */
export function readCallTerm(c: Cursor, p: Prefixes, start: number, first: Ref): TermNode {
  const open = c.pos;
  c.advance();
  c.skipWs();
  // `X()` and `$V()` have no source (as `X(0)`): the term constrains only its id or variable.
  if (c.at(')')) {
    c.advance();
    return makeTerm(p, start, c.pos, first, undefined, { kind: 'id', value: 0, pos: open + 1 });
  }
  let src: Ref | undefined;
  let trav: Traversal | undefined;
  const lead = readRef(c) ?? expected(c, 'a source or a traversal such as self or up');
  if (lead.kind === 'name' && TRAVERSAL_KEYWORDS.has(lead.text)) {
    trav = readTraversal(c, lead);
  } else {
    if (lead.kind === 'string') checkPlain(c, lead);
    c.skipWs();
    if (lead.kind === 'name' && c.at('(')) c.fail(`unknown traversal ${quote(lead.text)}; ${UNKNOWN_TRAVERSAL}`, lead.pos);
    src = lead;
    // Flecs 4 joins a source and its traversal with '|': $this|up ChildOf, Sun|self.
    if (c.at('|') && c.peek(1) !== 124) {
      c.advance();
      c.skipWs();
      const kw = readRef(c) ?? expected(c, `a traversal after '|'; ${UNKNOWN_TRAVERSAL}`);
      if (kw.kind !== 'name' || !TRAVERSAL_KEYWORDS.has(kw.text)) c.fail(`unknown traversal ${quote(c.text.slice(kw.pos, c.pos))}; ${UNKNOWN_TRAVERSAL}`, kw.pos);
      trav = readTraversal(c, kw);
    }
  }
  c.skipWs();
  if (c.at(':')) {
    if (src && trav) c.fail(`a term's source takes its traversal once: write Sun|up(ChildOf) or Sun:up(ChildOf), not both`);
    c.advance();
    c.skipWs();
    const next = readRef(c) ?? expected(c, src ? 'a traversal after \':\', as in Sun:up(ChildOf)' : 'a source after \':\', as in parent:Sun');
    if (src) {
      if (next.kind !== 'name' || !TRAVERSAL_KEYWORDS.has(next.text)) {
        c.fail(`unknown traversal ${quote(c.text.slice(next.pos, c.pos))}; ${UNKNOWN_TRAVERSAL}`, next.pos);
      }
      trav = readTraversal(c, next);
    } else {
      if (next.kind === 'name' && TRAVERSAL_KEYWORDS.has(next.text)) {
        c.fail(`expected a source after ':', found traversal keyword ${quote(next.text)}; combine traversals with '|'`, next.pos);
      }
      if (next.kind === 'string') checkPlain(c, next);
      src = next;
    }
    c.skipWs();
    if (c.at(':')) c.fail(`a term's source takes one ':', as in Sun:up(ChildOf)`);
  }
  let second: Ref | undefined;
  if (c.at(',')) {
    c.advance();
    c.skipWs();
    second = readPlainRef(c, 'the target of a pair');
    readIdFlags(c, 'target');
  }
  closeParen(c, `too many arguments: a term takes (Source) or (Source, Target)`);
  return makeTerm(p, start, c.pos, first, second, src, trav);
}

/** Reads `kw[(Rel)] | kw …` given the first keyword, already consumed. */
function readTraversal(c: Cursor, firstKw: Ref & { kind: 'name' }): Traversal {
  const t: Traversal = { self: false, up: false, cascade: false, desc: false, pos: firstKw.pos };
  let kw = firstKw;
  for (;;) {
    applyKeyword(c, t, kw);
    c.skipWs();
    if (!c.at('|') || c.peek(1) === 124) return t;
    c.advance();
    c.skipWs();
    const next = readRef(c) ?? expected(c, `a traversal after '|'; ${UNKNOWN_TRAVERSAL}`);
    if (next.kind !== 'name' || !TRAVERSAL_KEYWORDS.has(next.text)) {
      c.fail(`unknown traversal ${quote(c.text.slice(next.pos, c.pos))}; ${UNKNOWN_TRAVERSAL}`, next.pos);
    }
    kw = next;
  }
}

function applyKeyword(c: Cursor, t: Traversal, kw: Ref & { kind: 'name' }): void {
  const twice = (): never => c.fail(`${quote(kw.text)} repeats a traversal already written in this term; write each of self, up, cascade, desc once`, kw.pos);
  switch (kw.text) {
    case 'self': if (t.self) twice(); t.self = true; return;
    case 'desc': if (t.desc) twice(); t.desc = true; return;
    case 'parent':
      if (t.up) twice();
      t.up = true;
      setRel(c, t, { kind: 'name', text: 'ChildOf', pos: kw.pos });
      return;
    case 'up': case 'cascade': {
      if (kw.text === 'up' ? t.up : t.cascade) twice();
      if (kw.text === 'up') t.up = true; else t.cascade = true;
      c.skipWs();
      // Flecs 4 writes the relationship after a space: up ChildOf, cascade ChildOf.
      if (c.identStart()) {
        const save = c.pos;
        const rel = readPlainRef(c, `the relationship of ${kw.text}`);
        if (rel.kind === 'name' && TRAVERSAL_KEYWORDS.has(rel.text)) c.fail(`${quote(rel.text)} after ${quote(kw.text)} needs a '|' between them, as in ${kw.text}|${rel.text}`, save);
        setRel(c, t, rel);
        return;
      }
      if (!c.at('(')) return;
      c.advance();
      c.skipWs();
      setRel(c, t, readPlainRef(c, `the relationship of ${kw.text}(), as in ${kw.text}(ChildOf)`));
      closeParen(c, `${kw.text}() takes one relationship, as in ${kw.text}(ChildOf)`);
      return;
    }
  }
}

function setRel(c: Cursor, t: Traversal, rel: Ref): void {
  if (t.rel) c.fail(`the traversal relationship is given twice; write it once, as in up(ChildOf)|cascade`, rel.pos);
  t.rel = rel;
}

/**
 * Reads Flecs 4 flags written on a term's id or target (`Position|self`, `$base|self`) when the
 * cursor is at a single '|'. Only `self` is accepted: it is what an id means here anyway; any other
 * flag is refused, naming it.
 */
export function readIdFlags(c: Cursor, what: 'component' | 'target'): void {
  c.skipWs();
  while (c.at('|') && c.peek(1) !== 124) {
    const bar = c.pos;
    c.advance();
    c.skipWs();
    const kw = readRef(c) ?? expected(c, `a flag after '|', as in Position|self`);
    // `A | B` is a mistyped or-chain more often than a flag.
    if (kw.kind !== 'name' || !TRAVERSAL_KEYWORDS.has(kw.text)) c.fail(`unexpected character '|'; write '||' between the alternatives of an or-chain`, bar);
    if (kw.text !== 'self') {
      c.fail(`only 'self' may follow a term's ${what} (as in Position|self); ${quote(c.text.slice(kw.pos, c.pos))} is not supported there: put traversals on the source, as in Position(self|up ChildOf)`, kw.pos);
    }
    c.skipWs();
  }
}
