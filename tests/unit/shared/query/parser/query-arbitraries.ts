// fast-check arbitraries for the query DSL: syntax trees without positions (the shapes the
// parser must produce), a renderer that writes them with random whitespace and equivalent
// spellings, and free-form text for robustness fuzzing.
import fc from 'fast-check';
import type { InOut, Oper } from '../../../../../src/shared/query/parser';
import type { R } from './ast-shape';

const TRAVERSAL_KEYWORDS = new Set(['self', 'up', 'parent', 'cascade', 'desc']);

const segment = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/) },
  { weight: 1, arbitrary: fc.constantFrom('Äpfel', 'Größe', 'naïve', '名前', 'Ωmega', '𝒜x', 'AND', 'OR', 'NOT', 'self', 'up') },
);
const nameText = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('.')).filter((t) => t !== '_');
const varName = fc.oneof(fc.constant('this'), fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/).filter((x) => x !== 'This'));

const nameRef = nameText.map((text): R => ({ kind: 'name', text }));
const idRef = fc.oneof(fc.nat(1000), fc.maxSafeNat()).map((value): R => ({ kind: 'id', value }));
const varRef = varName.map((name): R => ({ kind: 'var', name }));
const wildcard = fc.constant<R>({ kind: 'wildcard' });
const any = fc.constant<R>({ kind: 'any' });

/** A reference allowed anywhere except as singleton source or string. */
export const plainRef: fc.Arbitrary<R> = fc.oneof({ weight: 4, arbitrary: nameRef }, idRef, varRef, wildcard, any);
/** A reference allowed as a source: no traversal keyword as a name, `$` allowed. */
const sourceRef: fc.Arbitrary<R> = fc.oneof(
  { weight: 3, arbitrary: nameRef.filter((r) => r.kind === 'name' && !TRAVERSAL_KEYWORDS.has(r.text)) },
  idRef, varRef, wildcard, any, fc.constant<R>({ kind: 'singleton' }),
);
const stringRef = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('a"b', '\\', '!ar', '', 'x, y || }'))
  .map((value): R => ({ kind: 'string', value }));

const oper = fc.constantFrom<Oper>('and', 'not', 'optional');
const inout = fc.constantFrom<InOut>('default', 'default', 'in', 'out', 'inout', 'none', 'filter');

/** Expected traversal (positions left out). */
export type TravShape = { self: boolean; up: boolean; cascade: boolean; desc: boolean; rel?: R };
/** Expected term (positions left out). */
export type TermShape = {
  type: 'term'; first: R; second?: R; src: R; srcWritten: boolean; trav?: TravShape; oper: Oper; inout: InOut;
};
/** Expected comparison (positions left out). */
export type EqShape = { type: 'eq'; op: '==' | '!=' | '~='; left: R; right: R };
/** Expected member comparison (positions left out). */
export type MemberShape = {
  type: 'member'; op: '==' | '!=' | '<' | '<=' | '>' | '>='; left: { kind: 'name'; text: string };
  right: { kind: 'number'; value: number } | { kind: 'name'; text: string };
};
/** Expected node of any kind (positions left out). */
export type NodeShape =
  | TermShape
  | { type: 'or'; terms: (TermShape | EqShape | MemberShape)[]; oper: 'and' }
  | { type: 'scope'; body: NodeShape[]; oper: Oper }
  | EqShape
  | MemberShape
  | { type: 'from'; op: 'and' | 'or' | 'not'; ref: R };

const traversal: fc.Arbitrary<TravShape> = fc
  .record({ self: fc.boolean(), up: fc.boolean(), cascade: fc.boolean(), desc: fc.boolean(), rel: fc.option(plainRef, { nil: undefined }) })
  .filter((t) => t.self || t.up || t.cascade || t.desc)
  .map((t) => {
    const out: TravShape = { self: t.self, up: t.up, cascade: t.cascade, desc: t.desc };
    if (t.rel && (t.up || t.cascade)) out.rel = t.rel;
    return out;
  });

function termArb(operArb: fc.Arbitrary<Oper>): fc.Arbitrary<TermShape> {
  return fc.record({
    first: plainRef, second: fc.option(plainRef, { nil: undefined }), src: fc.option(sourceRef, { nil: undefined }),
    trav: fc.option(traversal, { nil: undefined, freq: 3 }), oper: operArb, inout,
  }).map((x) => {
    const t: TermShape = {
      type: 'term', first: x.first, src: x.src ?? { kind: 'var', name: 'this' }, srcWritten: x.src !== undefined, oper: x.oper, inout: x.inout,
    };
    if (x.second) t.second = x.second;
    if (x.trav) t.trav = x.trav;
    return t;
  });
}

// A name on the left of == or != is Component.member (a member comparison), so entity comparisons
// have another reference there; `~=` keeps any.
const eqLeft = fc.oneof(idRef, varRef, wildcard, any);
const eqNode = fc.oneof(
  fc.record({ op: fc.constantFrom('==', '!=' as const), left: eqLeft, right: fc.oneof(plainRef, stringRef) }),
  fc.record({ op: fc.constant('~=' as const), left: plainRef, right: stringRef }),
).map((e): EqShape => ({ type: 'eq', ...e }));
const memberNode = fc.record({
  op: fc.constantFrom('==', '!=', '<', '<=', '>', '>=' as const),
  left: nameText.map((text) => ({ kind: 'name' as const, text })),
  right: fc.oneof(
    fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ noNaN: true, noDefaultInfinity: true })).map((value) => ({ kind: 'number' as const, value })),
    nameText.map((text) => ({ kind: 'name' as const, text })),
  ),
}).map((m): MemberShape => ({ type: 'member', ...m }));
// Or-chain operands: terms and comparisons, in any order.
const orNode = fc.array(fc.oneof({ weight: 3, arbitrary: termArb(fc.constant('and')) as fc.Arbitrary<TermShape | EqShape | MemberShape> }, eqNode, memberNode), { minLength: 2, maxLength: 4 })
  .map((terms): NodeShape => ({ type: 'or', terms, oper: 'and' }));
const fromNode = fc.record({ op: fc.constantFrom('and', 'or', 'not' as const), ref: plainRef }).map((f): NodeShape => ({ type: 'from', ...f }));

function nodeArb(depth: number): fc.Arbitrary<NodeShape> {
  const leaves = [{ weight: 5, arbitrary: termArb(oper) as fc.Arbitrary<NodeShape> }, { weight: 1, arbitrary: orNode }, { weight: 1, arbitrary: eqNode }, { weight: 1, arbitrary: memberNode }, { weight: 1, arbitrary: fromNode }];
  if (depth === 0) return fc.oneof(...leaves);
  const scope = fc.record({ body: fc.array(nodeArb(depth - 1), { minLength: 1, maxLength: 3 }), oper })
    .map((s): NodeShape => ({ type: 'scope', ...s }));
  return fc.oneof(...leaves, { weight: 1, arbitrary: scope });
}

/** A whole query's expected node shapes. */
export const queryShape: fc.Arbitrary<NodeShape[]> = fc.array(nodeArb(2), { maxLength: 5 });

/** Random choices for rendering: whitespace between tokens and equivalent spellings. */
export interface Style { ws: string[]; flips: boolean[] }
/** A rendering style. */
export const style: fc.Arbitrary<Style> = fc.record({
  ws: fc.array(fc.constantFrom('', '', ' ', '  ', '\n', '\t', ' \r\n '), { minLength: 1, maxLength: 30 }),
  flips: fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }),
});

/** Writes expected shapes as query text, with the style's whitespace and spelling choices. */
export function render(nodes: NodeShape[], s: Style): string {
  let wi = 0, fi = 0;
  const sp = (): string => s.ws[wi++ % s.ws.length]!;
  const flip = (): boolean => s.flips[fi++ % s.flips.length]!;
  const ref = (r: R): string => {
    switch (r.kind) {
      case 'name': return r.text;
      case 'id': return (flip() && r.value < 1e6 ? '00' : '') + String(r.value);
      case 'var': return r.name === 'this' ? (flip() ? '$This' : '$this') : '$' + r.name;
      case 'wildcard': return '*';
      case 'any': return '_';
      case 'singleton': return '$';
      case 'string': return '"' + r.value.replace(/[\\"]/g, '\\$&') + '"';
    }
  };
  const trav = (t: TravShape): string => {
    const relText = t.rel ? `${sp()}(${sp()}${ref(t.rel)}${sp()})` : '';
    const parts: string[] = [];
    if (t.self) parts.push('self');
    if (t.up) parts.push(t.rel?.kind === 'name' && t.rel.text === 'ChildOf' && flip() ? 'parent' : 'up' + relText);
    if (t.cascade) parts.push('cascade' + (t.up ? '' : relText));
    if (t.desc) parts.push('desc');
    if (flip()) parts.reverse();
    return parts.join(`${sp()}|${sp()}`);
  };
  const prefixOf = (o: Oper): string => (o === 'not' ? '!' : o === 'optional' ? '?' : '');
  const term = (t: TermShape): string => {
    const io = t.inout === 'default' ? '' : `[${sp()}${t.inout}${sp()}]`;
    const op = prefixOf(t.oper);
    const prefix = (flip() ? io + sp() + op : op + sp() + io) + sp();
    const first = ref(t.first);
    if (!t.srcWritten && !t.trav) return prefix + (t.second ? `(${sp()}${first}${sp()},${sp()}${ref(t.second)}${sp()})` : first);
    let source: string;
    if (t.srcWritten && t.trav) source = flip() ? `${ref(t.src)}${sp()}:${sp()}${trav(t.trav)}` : `${trav(t.trav)}${sp()}:${sp()}${ref(t.src)}`;
    else source = t.srcWritten ? ref(t.src) : trav(t.trav!);
    const second = t.second ? `${sp()},${sp()}${ref(t.second)}` : '';
    return `${prefix}${first}${sp()}(${sp()}${source}${second}${sp()})`;
  };
  const eq = (n: EqShape): string => `${ref(n.left)}${sp()}${n.op}${sp()}${ref(n.right)}`;
  const number = (v: number): string => (Object.is(v, -0) ? '-0' : flip() && Number.isInteger(v) && Math.abs(v) < 1e6 ? `${v}.0` : String(v));
  const member = (n: MemberShape): string => `${n.left.text}${sp()}${n.op}${sp()}${n.right.kind === 'name' ? n.right.text : number(n.right.value)}`;
  const operand = (t: TermShape | EqShape | MemberShape): string => (t.type === 'eq' ? eq(t) : t.type === 'member' ? member(t) : term(t));
  const node = (n: NodeShape): string => {
    switch (n.type) {
      case 'term': return term(n);
      case 'or': return n.terms.map(operand).join(`${sp()}||${sp()}`);
      case 'scope': return `${prefixOf(n.oper)}${sp()}{${list(n.body)}}`;
      case 'eq': return eq(n);
      case 'member': return member(n);
      case 'from': return `${n.op.toUpperCase()}${sp()}|${sp()}${ref(n.ref)}`;
    }
  };
  const list = (ns: NodeShape[]): string => sp() + ns.map(node).join(`${sp()},${sp()}`) + (ns.length > 0 && flip() ? sp() + ',' : '') + sp();
  return list(nodes);
}

/** A valid query text (with its expected shapes). */
export const validQuery = fc.tuple(queryShape, style).map(([shape, s]) => ({ shape, text: render(shape, s) }));

const tokenSoup = fc.constantFrom(
  '(', ')', '{', '}', '[', ']', ',', '|', '||', '!', '?', '$', '*', '_', '"', '\\', ':', '.', '=', '==', '~=', '!=', '<', '<=', '>', '>=', 'e', '1.5', ' ', '\n', '\t',
  '-', '+', 'a', 'Z', '0', '9', 'up', 'self', 'parent', 'cascade', 'desc', 'in', 'AND', 'Position', '$this', 'Ä', '𝒜', '\u0000', '\ud800', '\u00a0',
);
/** Free-form text: token soup, arbitrary code points, arbitrary UTF-16 units (lone surrogates), graphemes. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.array(tokenSoup, { maxLength: 40 }).map((a) => a.join('')) },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** A single character to insert when mutating a valid query. */
export const mutationChar: fc.Arbitrary<string> = fc.oneof(tokenSoup, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
