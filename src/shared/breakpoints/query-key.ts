// What breakpoints share a MatchTracker by: the query's canonical text (parsed and printed), so
// `Fuel.value<10` and `Fuel.value  <  10` are one query; and, where the order of the top-level
// items cannot change which entities match (plain terms and member comparisons, no variables),
// those items sorted, so `Fuel, Engine` and `Engine, Fuel` are one query too. Or-chains, scopes,
// `AND | T` and anything with a variable keep their order: their items bind and test in order.
import { parseQuery, printNode } from '../query';

/** The key breakpoints share a query's tracker by; `text` must parse (compileQuery accepted it). */
export function queryKey(text: string): string {
  const nodes = parseQuery(text).nodes;
  const items = nodes.map(printNode);
  const orderFree = nodes.every((n) => n.type === 'term' || n.type === 'member') && items.every((s) => !s.includes('$'));
  return (orderFree ? [...items].sort() : items).join(', ');
}
