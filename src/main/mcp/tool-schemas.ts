// Tool input schemas derived from the REST parameter tables (src/shared/protocol/rest-params):
// the names, descriptions and accepted values of a tool's arguments are those of the endpoint it
// calls, written once. REST parameters arrive as text ("true", "10"); an agent sends JSON, so
// each parameter becomes the JSON type its schema produces (boolean, integer or string) and is
// turned back into the query-string text the REST validator checks again. What an agent types
// differs from REST in one way: plain text, never URL-encoded, so the descriptions of the query
// text parameters are the tools' own (TOOL_WORDING). Every input schema is a strict object
// (strictInput: additionalProperties false), so agent frameworks that convert tool schemas to
// strict JSON schema take them as they are, and an unknown argument is refused by name.
import { z } from 'zod';
import type { ParamSpec, ParamSpecs } from '../../shared/protocol';

/** The JSON type a REST parameter takes: what its schema makes of a sample text. */
function kindOf(spec: ParamSpec): 'boolean' | 'integer' | 'string' {
  const b = spec.schema.safeParse('true');
  if (b.success && typeof b.data === 'boolean') return 'boolean';
  const n = spec.schema.safeParse('1');
  if (n.success && typeof n.data === 'number') return 'integer';
  return 'string';
}

/** How tools describe the REST parameters whose REST wording is about URLs: an agent sends plain text. */
const TOOL_WORDING: Readonly<Record<string, string>> = {
  q: 'the query as plain text, e.g. "Planet", "Position, Velocity" or "Scale, $this == Sun.Earth" (write it as is: spaces, commas, parentheses and $ need no escaping)',
  name: 'the path of a named query, rule or system, e.g. "Planets" (instead of q)',
  vars: 'values of the query\'s variables as name:entity, several separated by commas, e.g. "planet:Sun.Earth"',
};

/** A zod shape (for McpServer.registerTool) of the named parameters of a REST table, all optional. */
export function toolShape<P extends ParamSpecs>(specs: P, names: readonly (keyof P & string)[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    const spec = specs[name]!;
    const kind = kindOf(spec);
    const base = kind === 'boolean' ? z.boolean() : kind === 'integer' ? z.number().int().min(0) : z.string();
    shape[name] = base.optional().describe(TOOL_WORDING[name] ?? `${spec.description} (${spec.expected})`);
  }
  return shape;
}

/** A tool's input schema: an object of exactly these arguments (additionalProperties false), so an unknown one is refused by name. */
export function strictInput<S extends z.ZodRawShape>(shape: S): z.ZodObject<S, z.core.$strict> {
  return z.strictObject(shape);
}

/** The query string (`?a=1&b=true`, or '') of the given arguments that belong to `specs`. */
export function queryString(specs: ParamSpecs, args: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined || !(k in specs)) continue;
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** An entity path as tools take it (`Sun.Earth`, or an id) in the URL form REST takes (`Sun/Earth`). */
export function urlPath(path: string): string {
  return path.split('.').map((level) => encodeURIComponent(level)).join('/');
}
