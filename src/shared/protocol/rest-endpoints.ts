// What the contract says about one endpoint: method(s), path, parameters, reply and errors. The
// rows of each dialect's endpoint table (src/shared/rest/*-table.ts) are EndpointSpecs with a
// handler and a cache policy added; /openapi.json and the docs tables are generated from them.
import type { z } from 'zod';
import type { ParamSpecs } from './rest-params';

/** Methods an endpoint may answer (OPTIONS and HEAD are answered for every endpoint by the router and the transport). */
export type EndpointMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** Methods that never change the world: every origin may use them. */
export const READ_METHODS: readonly EndpointMethod[] = ['GET'];

/** A parameter in the path (after the endpoint's fixed segments). */
export interface PathParam {
  readonly name: string;
  readonly description: string;
  /** False only for a last parameter that may be left out (OpenAPI then gets a second path without it). */
  readonly required: boolean;
}

/** One endpoint of the interface. */
export interface EndpointSpec<P extends ParamSpecs = ParamSpecs> {
  /**
   * OpenAPI path template: fixed segments, then `{name}` path parameters (`/entity/{path}`,
   * `/stats/{category}/{period}`). Everything after the fixed segments reaches the handler as
   * the raw rest of the path; without path parameters there must be nothing after them.
   */
  readonly path: string;
  /** Methods answered with the same parameters and handler (e.g. PUT and DELETE); another method with other parameters is another row on the same path. */
  readonly methods: readonly EndpointMethod[];
  readonly summary: string;
  /** Path parameters after the fixed segments, in order. */
  readonly pathParams: readonly PathParam[];
  /** Query-string parameters: the router validates them before the handler runs. */
  readonly params: P;
  /** Reply of a 200, or several (e.g. stats: world or pipeline). */
  readonly reply: z.ZodType | readonly z.ZodType[];
  /** Error statuses and when they happen. */
  readonly errors: Readonly<Record<number, string>>;
  /** A 200 reply that is not JSON: its media type (GET /history/export: application/gzip); `reply` then describes nothing. */
  readonly replyMedia?: string;
  /** The request body the endpoint reads (PUT /history/import): its media type and what it holds; other endpoints take none. */
  readonly body?: { readonly media: string; readonly description: string };
}

/** The fixed segments of a path template (`/stats/{category}/{period}` → ['stats']). */
export function fixedSegments(path: string): string[] {
  const out: string[] = [];
  for (const part of path.slice(1).split('/')) {
    if (part.startsWith('{')) break;
    out.push(part);
  }
  return out;
}
