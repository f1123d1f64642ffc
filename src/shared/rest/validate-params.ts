// The parameter step of the request path: before a handler runs, the router parses the decoded
// parameters with the row's zod table (protocol/rest-params), so a handler gets typed values with
// every default filled in and never validates anything itself. Unknown parameters are ignored; a
// bad value is a 400 that names the parameter, the value and what it accepts.
import type { z } from 'zod';
import { paramsSchema, type ParamSpecs } from '../protocol';
import { errorReply, shown } from './common';
import type { RestReply } from './types';

type Outcome = { value: Readonly<Record<string, unknown>> } | { reply: RestReply };

/** A compiled parameter table. */
export interface ParamTable {
  readonly specs: ParamSpecs;
  readonly schema: z.ZodType;
  /**
   * Outcomes by the decoded parameters object: parseTarget shares one object per parameter text
   * (and one for none, like most requests), so a repeated request skips zod entirely.
   */
  readonly outcomes: WeakMap<object, Outcome>;
}

/** Compiles a parameter table once (per router). */
export function paramTable(specs: ParamSpecs): ParamTable {
  return { specs, schema: paramsSchema(specs), outcomes: new WeakMap() };
}

/**
 * The parsed parameters (frozen: shared by every request with the same parameter text), or the
 * 400 reply that explains the first bad one (a copy: the transport may add to it).
 */
export function readParams(table: ParamTable, raw: Readonly<Record<string, string>>): Outcome {
  let known = table.outcomes.get(raw);
  if (known === undefined) table.outcomes.set(raw, (known = validate(table, raw)));
  return 'value' in known ? known : { reply: { ...known.reply } };
}

function validate(table: ParamTable, raw: Readonly<Record<string, string>>): Outcome {
  const r = table.schema.safeParse(raw);
  if (r.success) return { value: Object.freeze(r.data as Record<string, unknown>) };
  const issue = r.error.issues[0]!;
  const name = String(issue.path[0] ?? '');
  const spec = table.specs[name];
  const value = raw[name];
  const message = value === undefined
    ? `missing parameter '${name}': it must be ${spec?.expected ?? 'given'}`
    : `parameter '${name}' must be ${spec?.expected ?? 'valid'}, got ${shown(value)}`;
  return { reply: errorReply(400, message) };
}
