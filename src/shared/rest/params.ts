// Validates decoded parameters against an endpoint's parameter table (protocol/rest-params).
// Unknown parameters are ignored; a bad value is a 400 that names the parameter, the value and
// what it accepts.
import type { z } from 'zod';
import { paramsSchema, type ParamSpec } from '../protocol';
import { errorReply, shown } from './replies';
import type { RestReply } from './types';

/** A compiled parameter table. */
export interface ParamTable {
  readonly specs: Readonly<Record<string, ParamSpec>>;
  readonly schema: z.ZodType;
  /** Outcomes by the decoded parameters object (parseTarget shares one per parameter text, and one for none). */
  readonly outcomes: WeakMap<object, { value: Readonly<Record<string, unknown>> } | { reply: RestReply }>;
}

/** Compiles a parameter table once (per router). */
export function paramTable(specs: Readonly<Record<string, ParamSpec>>): ParamTable {
  return { specs, schema: paramsSchema(specs), outcomes: new WeakMap() };
}

/** The parsed parameters, or the 400 reply that explains the first bad one. */
export function readParams<T>(table: ParamTable, raw: Readonly<Record<string, string>>): { value: T } | { reply: RestReply } {
  // The same parameters as an earlier request (or none, like most): its outcome, the value copied
  // so that a caller may change its own.
  let known = table.outcomes.get(raw);
  if (known === undefined) table.outcomes.set(raw, (known = validate(table, raw)));
  return 'value' in known ? { value: { ...known.value } as T } : { reply: { ...known.reply } };
}

function validate(table: ParamTable, raw: Readonly<Record<string, string>>): { value: Readonly<Record<string, unknown>> } | { reply: RestReply } {
  const r = table.schema.safeParse(raw);
  if (r.success) return { value: r.data as Record<string, unknown> };
  const issue = r.error.issues[0]!;
  const name = String(issue.path[0] ?? '');
  const spec = table.specs[name];
  const value = raw[name];
  const message = value === undefined
    ? `missing parameter '${name}': it must be ${spec?.expected ?? 'given'}`
    : `parameter '${name}' must be ${spec?.expected ?? 'valid'}, got ${shown(value)}`;
  return { reply: errorReply(400, message) };
}
