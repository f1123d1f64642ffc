// Tool input schemas derived from the REST parameter tables (src/shared/protocol/rest-params):
// the names, descriptions and accepted values of a tool's arguments are those of the endpoint it
// calls, written once. REST parameters arrive as text ("true", "10"); an agent sends JSON, so
// each parameter becomes the JSON type its schema produces (boolean, integer or string) and is
// turned back into the query-string text the REST validator checks again.
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

/** A zod shape (for McpServer.registerTool) of the named parameters of a REST table, all optional. */
export function toolShape<P extends ParamSpecs>(specs: P, names: readonly (keyof P & string)[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    const spec = specs[name]!;
    const kind = kindOf(spec);
    const base = kind === 'boolean' ? z.boolean() : kind === 'integer' ? z.number().int().min(0) : z.string();
    shape[name] = base.optional().describe(`${spec.description} (${spec.expected})`);
  }
  return shape;
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
