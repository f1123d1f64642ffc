// How a Flecs 4 query reply numbers its fields: one per top-level item, equalities included
// (`$this ~= "ar"` is a field that is always set), where this engine gives equalities no field.
// The map from the reply's fields to the engine's is worked out once per compiled query.
import type { Plan, PlanMember, PlanTerm, Query } from '../../query';
import { parseQuery } from '../../query';
import { unreachable } from '../../unreachable';

/**
 * One field of the reply: an engine field index (with its lead term, and the member comparison
 * when the field is one), or an equality (no engine field).
 */
export type WireField = { readonly field: number; readonly term: PlanTerm | undefined; readonly member?: PlanMember } | { readonly eq: true };

const cache = new WeakMap<Query, readonly WireField[]>();

/** The first term of each engine field (its traversal flags are the field's). Fields belong to top-level steps only. */
function termsByField(plan: Plan): (PlanTerm | undefined)[] {
  const out: (PlanTerm | undefined)[] = [];
  for (const s of plan.steps) {
    let lead: PlanTerm | undefined;
    switch (s.kind) {
      case 'term': lead = s; break;
      case 'member': lead = s.term; break;
      case 'or': lead = s.terms[0]?.kind === 'term' ? s.terms[0] : undefined; break;
      // Comparisons and scopes have no field of their own.
      case 'eq': case 'scope': continue;
      default: unreachable(s, 'plan step');
    }
    if (lead && s.field >= 0 && out[s.field] === undefined) out[s.field] = lead;
  }
  return out;
}

/** The reply's fields of a compiled query, in the order written. */
export function wireFields(query: Query): readonly WireField[] {
  let fields = cache.get(query);
  if (fields) return fields;
  const terms = termsByField(query.plan);
  const members = new Map<number, PlanMember>();
  for (const s of query.plan.steps) if (s.kind === 'member' && s.field >= 0) members.set(s.field, s);
  const field = (i: number): WireField => {
    const member = members.get(i);
    return member ? { field: i, term: terms[i], member } : { field: i, term: terms[i] };
  };
  const plain = query.fields.map((_, i) => field(i));
  const nodes = parseQuery(query.expr).nodes;
  // `AND | T` expands into several fields: the engine's numbering is the only one there is.
  if (nodes.some((n) => n.type === 'from')) fields = plain;
  else {
    const out: WireField[] = [];
    let next = 0;
    for (const n of nodes) {
      switch (n.type) {
        case 'eq': out.push({ eq: true }); break;
        case 'term': case 'or': case 'member': out.push(field(next)); next++; break;
        // A scope has no field (its terms are not shown); `from` took the branch above.
        case 'scope': case 'from': break;
        default: unreachable(n, 'query node');
      }
    }
    fields = out;
  }
  cache.set(query, fields);
  return fields;
}
