// A row of a dialect's endpoint table: the contract's description of one endpoint (path,
// methods, zod parameters, reply, errors: protocol's EndpointSpec) plus how the router serves it
// (cache policy, handler). A row is written once; routing, 405 + Allow, OPTIONS, the CORS
// methods, the reply cache, /openapi.json, the fuzz list and the docs tables all derive from the
// table (route-table.ts), so adding an endpoint is adding a row.
import type { DialectNames } from '../json';
import type { EndpointSpec, ParamSpecs, ParamsOf } from '../protocol';
import type { World } from '../ecs';
import type { RestReply, RouteContext, RouterOptions } from './types';

/**
 * When a 200 reply may be served again: 'until-change' keeps it (per request target) until the
 * world's changeCount moves — right for a GET whose reply depends on nothing but the world and
 * the URL; 'none' never keeps it (writes, and replies that describe time or the server).
 */
export type CachePolicy = 'until-change' | 'none';

/** One endpoint as the router serves it; `P` is its parameter table, and the handler gets those parameters parsed. */
export interface EndpointRow<P extends ParamSpecs = ParamSpecs> extends EndpointSpec<P> {
  readonly cache: CachePolicy;
  /** With cache 'until-change': true for parameters whose reply must not be kept (e.g. duration=true reports time). */
  readonly uncachedWhen?: (params: ParamsOf<P>) => boolean;
  /** True for a write that is not an outside change of the world (history's restore and import, breakpoints): it is not recorded as an input. */
  readonly notAnInput?: boolean;
  /** Answers a request whose parameters passed the table's schemas (the router has validated them). */
  readonly handler: (ctx: RouteContext, params: ParamsOf<P>) => RestReply;
}

/** Checks a row against its own parameter table (the handler must take exactly what the schemas produce) and erases `P` for the table. */
export function endpoint<P extends ParamSpecs>(row: EndpointRow<P>): EndpointRow {
  return row as unknown as EndpointRow;
}

/** Options a dialect's table may depend on (the server's limits). */
export interface TableOptions {
  /** Largest query `limit` (entities). */
  readonly maxLimit: number;
  /** Most evaluation steps the queries of one request may take (--max-query-steps; default DEFAULT_MAX_QUERY_STEPS). */
  readonly maxQuerySteps?: number;
}

/** A dialect: a name, its endpoint table and the names it reads and prints. */
export interface Dialect {
  /** 'contract', or the reference server a compat mode imitates ('flecs-3.2'). */
  readonly name: string;
  /** How it spells the world's entities: `ecs.*` (the world's own), or the reference's `flecs.*`. */
  readonly names: DialectNames;
  /** The endpoint table; called once per router. */
  readonly rows: (o: TableOptions) => readonly EndpointRow[];
  /** Prepares a world for the dialect when a router is created for it (once per world). */
  readonly attach?: (world: World, options: RouterOptions) => void;
}
