// Member comparisons (`Fuel.value < 10`, `Shape.kind == Ship`): how the planner reads the left
// side as a component and one of its members, what the right side becomes, and how the engine and
// explain read and compare a value. The engine and explain both compare through memberHolds, so
// explain cannot disagree with the results.
//
// An f32 member compares with the number rounded to f32: `Position.y == 0.1` holds for the y that
// reads back as 0.1 (stored as 0.100000001490116…), and `Position.y > 0.1` does not.
import type { Entity, Leaf, Table, World } from '../ecs';
import { unreachable } from '../unreachable';
import { quote, type MemberNode, type MemberOp } from './parser';

/** What the left and right side of a member comparison resolved to. */
export interface ResolvedMember {
  /** The component entity. */
  readonly component: Entity;
  /** The component as written (the left side up to the member). */
  readonly componentText: string;
  /** The member's key as reflection names it (`value`, `pos.x`). */
  readonly member: string;
  /** Index of the member's leaf in the component's schema (and of its array in a column). */
  readonly leaf: number;
  /** The stored value compared with: an f32 member's number rounded to f32, an enum constant's index. */
  readonly value: number;
}

/** Reports a planning error at an offset of the expression (throws). */
type Fail = (reason: string, pos: number) => never;

/** Most members listed in an "its members are …" reason. */
const LIST_MAX = 8;

/**
 * Splits `Component.member` at the longest prefix that names a component with members, and checks
 * the member and the right side against its type. Fails (through `fail`) naming what is wrong.
 */
export function resolveMember(world: World, n: MemberNode, resolve: (text: string) => Entity, fail: Fail): ResolvedMember {
  const text = n.left.text, parts = text.split('.');
  const example = `Fuel.value ${n.op} 10`;
  if (parts.length < 2) fail(`${quote(text)} names no member: a comparison's left side is Component.member, as in ${example}`, n.left.pos);
  let named = 0, namedText = '';
  for (let k = parts.length - 1; k >= 1; k--) {
    const componentText = parts.slice(0, k).join('.');
    const e = resolve(componentText);
    if (e === 0) continue;
    if (named === 0) { named = e; namedText = componentText; }
    const schema = world.dataOf(e)?.schema;
    if (schema === undefined) continue;
    const member = parts.slice(k).join('.');
    const leaf = schema.leafByKey.get(member);
    if (leaf === undefined) {
      const keys = schema.leaves.map((l) => l.key);
      const list = keys.length <= LIST_MAX ? keys.join(', ') : `${keys.slice(0, LIST_MAX).join(', ')} and ${keys.length - LIST_MAX} more`;
      fail(`${quote(componentText)} has no member ${quote(member)}; its members are ${list}`, n.left.pos);
    }
    return { component: e, componentText, member, leaf, value: rightValue(`${componentText}.${member}`, schema.leaves[leaf]!, n, fail) };
  }
  if (named === 0) fail(`unresolved identifier ${quote(parts.slice(0, -1).join('.'))}`, n.left.pos);
  return fail(`${quote(namedText)} has no members to compare: ${quote(text)} needs a component with reflected data, as in ${example}`, n.left.pos);
}

/** The stored value the member is compared with, after checking that the member can be compared so. */
function rightValue(what: string, leaf: Leaf, n: MemberNode, fail: Fail): number {
  const r = n.right;
  switch (leaf.kind) {
    case 'enum': {
      const constants = leaf.constants!;
      if (n.op !== '==' && n.op !== '!=') fail(`${what} is an enum: compare it with == or != and a constant (${constants.join(', ')})`, n.pos);
      if (r.kind !== 'name') return fail(`${what} is an enum: compare it with a constant by name, one of ${constants.join(', ')}`, r.pos);
      const i = constants.indexOf(r.text);
      if (i < 0) fail(`${what} has no constant ${quote(r.text)}; its constants are ${constants.join(', ')}`, r.pos);
      return i;
    }
    case 'string': case 'bool': case 'entity':
      return fail(`${what} is a ${leaf.kind} member: only numeric members (and enums, with == and !=) can be compared`, n.left.pos);
    case 'f32': case 'f64': case 'i8': case 'i16': case 'i32': case 'i64': case 'u8': case 'u16': case 'u32': case 'u64':
      if (r.kind !== 'number') return fail(`${what} is a number (${leaf.kind}): compare it with a number, as in ${what} ${n.op} 10`, r.pos);
      return leaf.kind === 'f32' ? Math.fround(r.value) : r.value;
    default: return unreachable(leaf.kind, 'leaf kind');
  }
}

/** True when `value op right` holds. */
export function memberHolds(op: MemberOp, value: number, right: number): boolean {
  switch (op) {
    case '==': return value === right;
    case '!=': return value !== right;
    case '<': return value < right;
    case '<=': return value <= right;
    case '>': return value > right;
    case '>=': return value >= right;
    default: return unreachable(op, 'member operator');
  }
}

/**
 * The rows of a column whose value passes `op right`: `rows` (all rows 0 … n-1 when null). One loop
 * per operator, so the comparison is not a switch per row: breakpoints run this over every matched
 * row after every frame. Same outcome as memberHolds on each row.
 */
export function keepRows(op: MemberOp, values: ArrayLike<number>, rows: readonly number[] | null, n: number, right: number): readonly number[] {
  // Allocated at the first row kept: most tables of a breakpoint's query keep none.
  let keep: number[] | undefined;
  if (rows !== null) {
    for (let i = 0; i < n; i++) if (memberHolds(op, values[rows[i]!]!, right)) (keep ??= []).push(rows[i]!);
    return keep ?? NO_ROWS;
  }
  switch (op) {
    case '==': for (let r = 0; r < n; r++) if (values[r] === right) (keep ??= []).push(r); break;
    case '!=': for (let r = 0; r < n; r++) if (values[r] !== right) (keep ??= []).push(r); break;
    case '<': for (let r = 0; r < n; r++) if (values[r]! < right) (keep ??= []).push(r); break;
    case '<=': for (let r = 0; r < n; r++) if (values[r]! <= right) (keep ??= []).push(r); break;
    case '>': for (let r = 0; r < n; r++) if (values[r]! > right) (keep ??= []).push(r); break;
    case '>=': for (let r = 0; r < n; r++) if (values[r]! >= right) (keep ??= []).push(r); break;
    default: unreachable(op, 'member operator');
  }
  return keep ?? NO_ROWS;
}

const NO_ROWS: readonly number[] = Object.freeze([]);

/** The member's stored value in `row` of `table`, or undefined when the table does not own the component. */
export function ownValue(table: Table, component: Entity, leaf: number, row: number): number | undefined {
  const column = table.column(component);
  return column ? (column.arrays[leaf]![row] as number) : undefined;
}

/** The member's value of an entity: its own component's, else the one it inherits (IsA); undefined when it has none. */
export function memberValue(world: World, e: Entity, component: Entity, leaf: number): number | undefined {
  const owner = world.ownsId(e, component) ? e : world.findBaseWith(e, component, 0);
  if (!owner) return undefined;
  const { table, row } = world.locate(owner);
  return ownValue(table, component, leaf, row);
}

/** A stored value as a reason shows it: an enum's constant, an f32 in the fewest digits that read back as it. */
export function valueText(leaf: Leaf, v: number): string {
  if (leaf.kind === 'enum') return leaf.constants![v] ?? String(v);
  if (leaf.kind !== 'f32' || !Number.isFinite(v)) return String(v);
  for (let digits = 1; digits < 9; digits++) {
    const shorter = Number(v.toPrecision(digits));
    if (Math.fround(shorter) === v) return String(shorter);
  }
  return String(v);
}
