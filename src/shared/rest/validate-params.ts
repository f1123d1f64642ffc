// The parameter step of the request path: before a handler runs, the router parses the decoded
// parameters with the row's zod table (protocol/rest-params), so a handler gets typed values with
// every default filled in and never validates anything itself. Unknown parameters are ignored; a
// bad value is a 400 that names the parameter, the value and what it accepts.
//
// The table's object schema is a plain z.object of one schema per parameter, so it is parsed here
// one parameter at a time, in the table's order, with each parameter's outcome kept by its text:
// a request whose parameter text is new (a page at another offset, the load's thousand entities)
// is then a few lookups instead of a parse of every parameter of the row (thirty for /query).
// validateWhole is that object parse, kept as the reference the tests compare with.
import type { z } from 'zod';
import { paramsSchema, type ParamSpecs } from '../protocol';
import { errorReply, shown } from './common';
import type { RestReply } from './types';

type Outcome = { value: Readonly<Record<string, unknown>> } | { reply: RestReply };

/** One parameter's schema outcome: its value, or the first issue's path says it failed. */
type ValueOutcome = { ok: true; value: unknown } | { ok: false };

/** Parameter texts whose outcome each parameter keeps at most (then its memo is emptied). */
const KEPT_TEXTS = 64;
/** The longest parameter text whose outcome is kept (a /set's data is new every time). */
const KEPT_TEXT_CHARS = 128;

/** One parameter of a table, compiled. */
interface ParamSlot {
  readonly name: string;
  readonly schema: z.ZodType;
  /** The outcome when the parameter is absent (its default, undefined, or a failure when required). */
  readonly absent: ValueOutcome;
  /** Outcomes by the parameter's decoded text. */
  byText: Map<string, ValueOutcome>;
}

/** A compiled parameter table. */
export interface ParamTable {
  readonly specs: ParamSpecs;
  readonly schema: z.ZodType;
  /** The parameters in the table's order (the order the object schema checks them in). */
  readonly slots: readonly ParamSlot[];
  /**
   * Outcomes by the decoded parameters object: parseTarget shares one object per parameter text
   * (and one for none, like most requests), so a repeated request skips even the slots.
   */
  readonly outcomes: WeakMap<object, Outcome>;
}

function outcomeOf(schema: z.ZodType, text: string | undefined): ValueOutcome {
  const r = schema.safeParse(text);
  return r.success ? { ok: true, value: r.data } : { ok: false };
}

/** Compiles a parameter table once (per router). */
export function paramTable(specs: ParamSpecs): ParamTable {
  const slots = Object.entries(specs).map(([name, spec]) => ({ name, schema: spec.schema, absent: outcomeOf(spec.schema, undefined), byText: new Map<string, ValueOutcome>() }));
  return { specs, schema: paramsSchema(specs), slots, outcomes: new WeakMap() };
}

/**
 * The parsed parameters (frozen: shared by every request with the same parameter text), or the
 * 400 reply that explains the first bad one (a copy: the transport may add to it). `shared`
 * (default true): `raw` is one parseTarget keeps for its text, so its outcome is kept by it too.
 */
export function readParams(table: ParamTable, raw: Readonly<Record<string, string>>, shared = true): Outcome {
  let known = shared ? table.outcomes.get(raw) : undefined;
  if (known === undefined) {
    known = validate(table, raw);
    if (shared) table.outcomes.set(raw, known);
  }
  return 'value' in known ? known : { reply: { ...known.reply } };
}

/** The parameters parsed one by one in the table's order, as the object schema parses them. */
function validate(table: ParamTable, raw: Readonly<Record<string, string>>): Outcome {
  const value: Record<string, unknown> = {};
  for (const slot of table.slots) {
    const text = Object.hasOwn(raw, slot.name) ? raw[slot.name] : undefined;
    let o: ValueOutcome | undefined = text === undefined ? slot.absent : slot.byText.get(text);
    if (o === undefined) {
      o = outcomeOf(slot.schema, text);
      if (text!.length <= KEPT_TEXT_CHARS) {
        // Emptied by a new map, not Map.clear() (reply-cache.ts says why).
        if (slot.byText.size >= KEPT_TEXTS) slot.byText = new Map();
        slot.byText.set(text!, o);
      }
    }
    if (!o.ok) return refusal(table, raw, slot.name);
    // The object schema leaves out what parses to undefined (an optional parameter not sent).
    if (o.value !== undefined) value[slot.name] = o.value;
  }
  return { value: Object.freeze(value) };
}

/** The table's object schema parsing the whole record at once: what validate must agree with. */
export function validateWhole(table: ParamTable, raw: Readonly<Record<string, string>>): Outcome {
  const r = table.schema.safeParse(raw);
  if (r.success) return { value: Object.freeze(r.data as Record<string, unknown>) };
  return refusal(table, raw, String(r.error.issues[0]!.path[0] ?? ''));
}

/** The 400 naming parameter `name`: missing, or its value and what it accepts. */
function refusal(table: ParamTable, raw: Readonly<Record<string, string>>, name: string): Outcome {
  const spec = Object.hasOwn(table.specs, name) ? table.specs[name] : undefined;
  const value = Object.hasOwn(raw, name) ? raw[name] : undefined;
  const message = value === undefined
    ? `missing parameter '${name}': it must be ${spec?.expected ?? 'given'}`
    : `parameter '${name}' must be ${spec?.expected ?? 'valid'}, got ${shown(value)}`;
  return { reply: errorReply(400, message) };
}
