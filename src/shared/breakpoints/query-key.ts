// What breakpoints share a MatchTracker by: the query's canonical text (parsed and printed), so
// `Fuel.value<10` and `Fuel.value  <  10` are one query; and, where the order of the top-level
// items cannot change which entities match (plain terms and member comparisons, no variables),
// those items sorted, so `Fuel, Engine` and `Engine, Fuel` are one query too. Or-chains, scopes,
// `AND | T` and anything with a variable keep their order: their items bind and test in order.
//
// Trackers whose queries differ only in their comparisons' operators and numbers (`Fuel.value < 10`,
// `Fuel.value >= 3`) have one shape (shapeKey): they match the same tables, so a TrackerFamily can
// tell for all of them at once that nothing they depend on moved in a frame.
import { parseQuery, printNode, type QueryNode } from '../query';

/** The key breakpoints share a query's tracker by; `text` must parse (compileQuery accepted it). */
export function queryKey(text: string): string {
  return canonical(text, printNode);
}

/** The key trackers share a family by: queryKey with each top-level comparison's operator and number left out; `text` must parse. */
export function shapeKey(text: string): string {
  return canonical(text, (n) => (n.type === 'member' ? `${n.left.text} ?` : printNode(n)));
}

function canonical(text: string, print: (n: QueryNode) => string): string {
  const nodes = parseQuery(text).nodes;
  const items = nodes.map(print);
  const orderFree = nodes.every((n) => n.type === 'term' || n.type === 'member') && items.every((s) => !s.includes('$'));
  return (orderFree ? [...items].sort() : items).join(', ');
}
