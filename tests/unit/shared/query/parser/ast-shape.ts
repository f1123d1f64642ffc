// Test helpers: syntax trees without positions, and short builders for expected trees.
import type { InOut, Oper, QueryAst, QueryNode, Ref, TermNode, Traversal } from '../../../../../src/shared/query/parser';

/** A value with every `pos`/`end` field removed, recursively. */
export type Shape = unknown;

/** Removes positions (pos, end) so trees can be compared structurally. */
export function strip(value: unknown): Shape {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== 'pos' && k !== 'end' && v !== undefined) out[k] = strip(v);
  return out;
}

/** The nodes of a parsed query without positions. */
export function nodesShape(ast: QueryAst): Shape {
  return strip(ast.nodes);
}

type NoPos<T> = T extends unknown ? Omit<T, 'pos'> : never;
/** A reference without its position. */
export type R = NoPos<Ref>;

/** Name reference. */
export const n = (text: string): R => ({ kind: 'name', text });
/** Variable reference. */
export const v = (name: string): R => ({ kind: 'var', name });
/** Numeric id reference. */
export const id = (value: number): R => ({ kind: 'id', value });
/** Quoted string reference. */
export const str = (value: string): R => ({ kind: 'string', value });
/** Wildcard `*`. */
export const W: R = { kind: 'wildcard' };
/** Any `_`. */
export const ANY: R = { kind: 'any' };
/** Singleton source `$`. */
export const SINGLETON: R = { kind: 'singleton' };

/** Options of an expected term. */
export interface TermOpts {
  second?: R; src?: R; trav?: Partial<Omit<Traversal, 'pos' | 'rel'>> & { rel?: R }; oper?: Oper; inout?: InOut;
}

/** An expected term (positions left out); the source defaults to $this, not written. */
export function t(first: R, o: TermOpts = {}): Shape {
  const node: Record<string, unknown> = {
    type: 'term', first, src: o.src ?? v('this'), srcWritten: o.src !== undefined, oper: o.oper ?? 'and', inout: o.inout ?? 'default',
  };
  if (o.second) node.second = o.second;
  if (o.trav) node.trav = { self: false, up: false, cascade: false, desc: false, ...o.trav };
  return node;
}

/** Narrows a node to a term (fails the test otherwise). */
export function asTerm(node: QueryNode | undefined): TermNode {
  if (node?.type !== 'term') throw new Error(`expected a term node, got ${JSON.stringify(node)}`);
  return node;
}
