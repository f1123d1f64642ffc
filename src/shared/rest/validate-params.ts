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
//
// The record is a copy of a template with its keys (one per set of parameters present), filled
// in: keys added one by one through computed names turn a V8 object into a dictionary past
// sixteen (the /query row has over twenty), and every handler's read of a parameter then was a
// hash lookup: the 1,000-entity /query reply counted 30.6 k instructions with such a record,
// 19.3 k with this one (param-record-shape.test.ts checks the records' shape).
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
  /** Records with the keys of the parameters present, by a pattern of one '1' (present) or '0' per slot, values null: what validate copies. */
  templates: Map<string, Readonly<Record<string, unknown>>>;
}

function outcomeOf(schema: z.ZodType, text: string | undefined): ValueOutcome {
  const r = schema.safeParse(text);
  return r.success ? { ok: true, value: r.data } : { ok: false };
}

/** Compiles a parameter table once (per router). */
export function paramTable(specs: ParamSpecs): ParamTable {
  const slots = Object.entries(specs).map(([name, spec]) => ({ name, schema: spec.schema, absent: outcomeOf(spec.schema, undefined), byText: new Map<string, ValueOutcome>() }));
  return { specs, schema: paramsSchema(specs), slots, outcomes: new WeakMap(), templates: new Map() };
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
  const { slots } = table;
  const values: unknown[] = new Array(slots.length);
  let presence = '';
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
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
    values[i] = o.value;
    presence += o.value === undefined ? '0' : '1';
  }
  const value: Record<string, unknown> = { ...templateOf(table, presence) };
  for (let i = 0; i < slots.length; i++) if (values[i] !== undefined) value[slots[i]!.name] = values[i];
  return { value: Object.freeze(value) };
}

/**
 * The record with the keys whose `presence` character is '1', in the table's order, values null.
 * Made by JSON.parse, which builds objects with fast properties however many keys they have; a
 * spread copy of it keeps them, and filling existing keys adds none.
 */
function templateOf(table: ParamTable, presence: string): Readonly<Record<string, unknown>> {
  let template = table.templates.get(presence);
  if (template === undefined) {
    const keys = table.slots.filter((_, i) => presence.charCodeAt(i) === 0x31 /* 1 */).map((s) => `${JSON.stringify(s.name)}:null`);
    template = JSON.parse(`{${keys.join(',')}}`) as Record<string, unknown>;
    // A table has few patterns (the optional parameters without a default, sent or not); bounded all the same.
    if (table.templates.size >= KEPT_TEXTS) table.templates = new Map();
    table.templates.set(presence, template);
  }
  return template;
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
