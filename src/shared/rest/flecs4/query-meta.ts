// What a Flecs 4 query reply says about the query itself, on request: query_info (variables and
// terms with their operator, source, ids and traversal flags), field_info (per field: id,
// optional, exclusive, type and schema), query_plan (the engine's steps as text) and
// query_profile (one timed evaluation).
import type { Entity, World } from '../../ecs';
import { now } from '../../clock';
import { typeInfoText } from '../../json';
import { printNode, type FieldInfo, type PlanMember, type PlanStep, type PlanTerm, type Query, type QueryBudget, type Slot } from '../../query';
import { unreachable } from '../../unreachable';
import { wireFields } from './query-fields';
import { entityPath, objectText, wireUnits } from './wire';

function slotName(world: World, query: Query, s: Slot): string {
  switch (s.kind) {
    case 'const': return entityPath(world, s.e);
    case 'var': return `$${query.plan.vars[s.v]}`;
    case 'wildcard': return '*';
    case 'any': return '_';
    case 'none': return '#0';
    default: return unreachable(s, 'slot');
  }
}

function slotText(world: World, query: Query, s: Slot): string {
  if (s.kind === 'var') return objectText([['var', JSON.stringify(query.plan.vars[s.v])]]);
  return objectText([['entity', JSON.stringify(slotName(world, query, s))]]);
}

function dataEntity(world: World, s: Slot): Entity | undefined {
  return s.kind === 'const' && world.isValidId(s.e) && world.dataOf(s.e)?.schema !== undefined ? s.e : undefined;
}

function termText(world: World, query: Query, f: FieldInfo, t: PlanTerm | undefined, member?: PlanMember): string {
  const data = dataEntity(world, f.first);
  const first: [string, string][] = [['entity', JSON.stringify(slotName(world, query, f.first))]];
  if (data !== undefined) first.push(['type', 'true']);
  const parts: [string, string][] = [
    ['inout', JSON.stringify(f.inout)], ['has_value', String(data !== undefined)], ['oper', JSON.stringify(f.oper)],
    ['src', slotText(world, query, f.src)], ['first', f.first.kind === 'var' ? slotText(world, query, f.first) : objectText(first)],
  ];
  if (f.second !== null) parts.push(['second', slotText(world, query, f.second)]);
  const flags: string[] = [];
  if (t?.self) flags.push('self');
  if (t?.up) { flags.push('up'); parts.push(['trav', objectText([['entity', JSON.stringify(entityPath(world, t.trav))]])]); }
  if (t?.cascade) flags.push('cascade');
  parts.push(['flags', JSON.stringify(flags)]);
  if (member) parts.push(['compare', compareText(world, member)]);
  return objectText(parts);
}

/** A member comparison of a term (not in the reference's shape: its queries compare no values): `{"member":"value","op":"<","value":10}`. */
function compareText(world: World, m: PlanMember): string {
  const key = world.dataOf(m.component)?.schema?.leaves[m.leaf]?.key ?? '';
  const r = m.node.right;
  return objectText([['member', JSON.stringify(key)], ['op', JSON.stringify(m.op)], ['value', r.kind === 'name' ? JSON.stringify(r.text) : JSON.stringify(r.value)]]);
}

/** `query_info`: the variables and one entry per field (equalities as predicates on $this). */
export function queryInfoText(world: World, query: Query): string {
  const predicate = (src: string) => objectText([['inout', '"default"'], ['has_value', 'false'], ['oper', '"and"'], ['src', src], ['first', '{"entity":"flecs.core.PredMatch"}'], ['flags', '[]']]);
  const terms = wireFields(query).map((w) => {
    if ('eq' in w) return predicate('{"var":"this"}');
    const f = query.fields[w.field]!;
    // An or-chain that starts with a comparison (`$this == Sun.Earth || …`): described as that predicate.
    if (f.first.kind === 'none') return predicate(slotText(world, query, f.src));
    return termText(world, query, f, w.term, w.member);
  });
  return `{"vars":${JSON.stringify(query.plan.vars)},"terms":[${terms.join(',')}]}`;
}

/** `field_info`: per field its id (variables as `*`), whether optional or exclusive, and its type's schema. */
export function fieldInfoText(world: World, query: Query): string {
  const fields = wireFields(query).map((w) => {
    if ('eq' in w) return '{"id":"0"}';
    const f = query.fields[w.field]!;
    const name = (s: Slot) => (s.kind === 'const' ? entityPath(world, s.e) : '*');
    const parts: [string, string][] = [['id', JSON.stringify(f.second === null ? name(f.first) : `(${name(f.first)},${name(f.second)})`)]];
    if (f.oper === 'optional') parts.push(['optional', 'true']);
    if (f.first.kind === 'const' && f.second !== null && world.isExclusive(f.first.e)) parts.push(['exclusive', 'true']);
    const data = dataEntity(world, f.first);
    if (data !== undefined) {
      parts.push(['type', JSON.stringify(world.nameOf(data) ?? String(data))]);
      parts.push(['schema', wireUnits(typeInfoText(world, data))]);
    }
    return objectText(parts);
  });
  return `[${fields.join(',')}]`;
}

function stepLine(world: World, query: Query, s: PlanStep, depth: number, out: string[]): void {
  const pad = ' '.repeat(depth);
  const n = String(out.length).padStart(2);
  switch (s.kind) {
    case 'term': {
      const op = s.oper === 'and' ? (s.up ? (s.self ? 'selfup' : 'up') : 'and') : s.oper;
      const id = s.second === null ? slotName(world, query, s.first) : `${slotName(world, query, s.first)}, ${slotName(world, query, s.second)}`;
      out.push(`${n}. ${pad}${op.padEnd(12)} ${slotName(world, query, s.src).padEnd(12)} (${id})`);
      return;
    }
    case 'or':
      out.push(`${n}. ${pad}${'or'.padEnd(12)}`);
      for (const t of s.terms) stepLine(world, query, t, depth + 1, out);
      return;
    case 'scope':
      out.push(`${n}. ${pad}${(s.oper === 'and' ? 'scope' : s.oper).padEnd(12)}`);
      for (const t of s.body) stepLine(world, query, t, depth + 1, out);
      return;
    case 'eq':
      out.push(`${n}. ${pad}${'pred'.padEnd(12)} ${printNode(s.node)}`);
      return;
    case 'member':
      // The component's term, then the comparison that keeps some of its entities.
      stepLine(world, query, s.term, depth, out);
      out.push(`${String(out.length).padStart(2)}. ${pad}${'compare'.padEnd(12)} ${'$this'.padEnd(12)} ${printNode(s.node)}`);
      return;
    default: unreachable(s, 'plan step');
  }
}

/** `query_plan`: the engine's evaluation steps in order, one line each, ending with yield. */
export function queryPlanText(world: World, query: Query): string {
  const out: string[] = [];
  for (const s of query.plan.steps) stepLine(world, query, s, 0, out);
  out.push(`${String(out.length).padStart(2)}. yield`);
  return JSON.stringify(out.join('\n') + '\n');
}

/** `query_profile`: one evaluation of the whole query, timed (microseconds) and counted. */
export function queryProfileText(query: Query, budget?: QueryBudget): string {
  let results = 0, entities = 0;
  const t0 = now();
  query.each((r) => { results++; entities += r.table ? r.count : 0; }, {}, budget);
  const us = Math.round((now() - t0) * 1000 * 1000) / 1000;
  return objectText([
    ['eval_count', '1'], ['result_count', String(results)], ['entity_count', String(entities)],
    ['eval_time_avg_us', String(us)], ['eval_time_min_us', String(us)], ['eval_time_max_us', String(us)],
    ['component_bytes', '0'], ['shared_component_bytes', '0'],
  ]);
}
