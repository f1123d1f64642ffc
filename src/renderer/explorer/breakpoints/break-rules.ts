// What the explorer's breakpoint views compute from a GET /breakpoints reply and from what the
// user picked: a name for a new breakpoint, the condition of "break when this value …", the hit
// the world stands at, and how many triggering entities a line shows.
import { MEMBER_OPS, type MemberOp } from '../../../shared/protocol/constants';
import type { BreakpointHit, BreakpointsReply } from '../client';

export { MEMBER_OPS, type MemberOp };

/** Triggering entities a hit line names before "and N more". */
export const HIT_ENTITIES_SHOWN = 8;

/** Longest breakpoint name the server takes (and its characters: letters, digits, `_`, `-`, `.`). */
const NAME_MAX = 64;

const OP_WORDS: Record<MemberOp, string> = { '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge', '==': 'eq', '!=': 'ne' };

/**
 * A name for a breakpoint on `text` (a query, optionally prefixed by the entity watched): the
 * characters a name may have, comparison operators as words ("Fuel.value < 10" → "Fuel.value-lt-10"),
 * at most 64 characters, and a "-2", "-3"… suffix when `taken` has it already.
 */
export function breakpointName(text: string, taken: readonly string[] = []): string {
  let base = text;
  for (const op of [...MEMBER_OPS].sort((a, b) => b.length - a.length)) base = base.split(op).join(` ${OP_WORDS[op]} `);
  base = base.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/-+/g, '-').replace(/^[-.]+|[-.]+$/g, '') || 'breakpoint';
  const free = (n: string) => !taken.includes(n);
  const cut = (s: string, room: number) => s.slice(0, room).replace(/[-.]+$/, '') || 'breakpoint';
  if (free(cut(base, NAME_MAX))) return cut(base, NAME_MAX);
  for (let i = 2; ; i++) {
    const n = `${cut(base, NAME_MAX - String(i).length - 1)}-${i}`;
    if (free(n)) return n;
  }
}

/** The query of "break when `component`.`member` `op` `value`" (the entity is the breakpoint's path). */
export function memberCondition(component: string, member: string, op: MemberOp, value: number): string {
  return `${component}.${member} ${op} ${value}`;
}

/** The last hit while the world stands at it (paused, no frame has run the systems since, no restore); otherwise undefined. */
export function hitStoodAt(reply: BreakpointsReply | undefined, paused: boolean): BreakpointHit | undefined {
  return paused && reply?.at_hit === true ? reply.last_hit : undefined;
}

/** The entities a hit line names, and how many more there are. */
export function shownEntities(hit: BreakpointHit, max = HIT_ENTITIES_SHOWN): { shown: readonly string[]; more: number } {
  return { shown: hit.entities.slice(0, max), more: Math.max(0, hit.entities.length - max) };
}
