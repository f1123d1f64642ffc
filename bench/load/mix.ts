// The request mix of the load test. Every connection loops over the same seven requests on the
// few asteroids it owns (no other connection touches them, so its writes have a definite order):
//   PUT  /set/<e>?data={Scale: n}     a value no other write uses
//   GET  /entity/<e>?values=true      must show n and the enabled state the ledger expects
//   GET  /entity/Sun/Earth
//   PUT  /disable/<e> or /enable/<e>  flips the entity's state (moves it between tables)
//   GET  /query?q=Position,Velocity&values=true&limit=100&offset=…   pages through the world
//   GET  /entity/<e>?values=true      must show the flip
//   GET  /entity/Sun/Mars?values=true
// Every request is valid, so every answer should be a 2xx. Without a ledger (the peer run against
// the bare server) the same requests are sent and nothing is checked.
import type { AutocannonRequest } from 'autocannon';
import type { EntityState, WriteLedger, Write } from './write-ledger';

/** Request kinds, for counting answers by kind. */
export const KINDS = ['set', 'enable', 'disable', 'read', 'entity', 'query'] as const;
/** A request kind. */
export type Kind = (typeof KINDS)[number];

/** Answers of one kind. */
export interface KindStats {
  /** Requests sent. */
  sent: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** Answers outside 200–299. */
  non2xx: number;
}

/** Options of the mix. */
export interface MixOptions {
  /** Asteroid ids the writes may target; connection c owns the c-th run of `perConnection` of them. */
  entities: readonly number[];
  /** Entities owned by each connection (default 20). */
  perConnection?: number;
  /** Entities the paging query matches (offsets wrap around at this number). */
  queryTotal: number;
  /** Where writes are recorded and reads checked; absent for the peer run. */
  ledger?: WriteLedger;
}

/** Page size of the mix's query. */
export const QUERY_PAGE = 100;
/** Path of the mix's query at an offset. */
export const queryPath = (offset: number) => `/query?q=Position%2CVelocity&values=true&limit=${QUERY_PAGE}&offset=${offset}`;
/** Path of a /set of the Scale value. */
export const setPath = (entity: number, value: number) => `/set/${entity}?data=${encodeURIComponent(JSON.stringify({ ids: [['Scale']], values: [{ value }] }))}`;
/** Path of the checking read of an entity. */
export const readPath = (entity: number) => `/entity/${entity}?values=true`;

/** The Scale value and disabled state shown by an entity reply (`GET /entity/<e>?values=true`). */
export function stateOfEntityReply(body: string): EntityState {
  const reply = JSON.parse(body) as { ids?: string[][]; values?: unknown[] };
  const ids = reply.ids ?? [];
  const at = ids.findIndex((id) => id.length === 1 && id[0] === 'Scale');
  const scale = at >= 0 ? (reply.values?.[at] as { value?: number } | undefined)?.value : undefined;
  return { scale, disabled: ids.some((id) => id.length === 1 && id[0] === 'ecs.core.Disabled') };
}

interface Connection {
  own: readonly number[];
  loop: number;
  entity: number;
  /** The write in flight, settled by its answer or, when none comes, by the next request. */
  pending: Write | undefined;
}

/** Builds the per-connection request sequences and counts the answers. */
export class LoadMix {
  /** Answers by kind. */
  readonly kinds: Record<Kind, KindStats>;
  private readonly per: number;
  private readonly connections: Connection[] = [];
  private nextValue = 1;
  private queryOffset = 0;

  constructor(private readonly options: MixOptions) {
    this.per = options.perConnection ?? 20;
    this.kinds = Object.fromEntries(KINDS.map((k) => [k, { sent: 0, statuses: {}, non2xx: 0 }])) as unknown as Record<Kind, KindStats>;
  }

  /** Connections the entities allow (each owns `perConnection` entities). */
  get maxConnections(): number {
    return Math.floor(this.options.entities.length / this.per);
  }

  /** The request sequence of connection `index`; a connection index seen before continues where it left off. */
  sequenceFor(index: number): AutocannonRequest[] {
    if (index >= this.maxConnections) throw new Error(`connection ${index} has no entities of its own: ${this.options.entities.length} entities allow ${this.maxConnections} connections of ${this.per}; use fewer connections or more asteroids`);
    const c = this.connections[index] ??= { own: this.options.entities.slice(index * this.per, (index + 1) * this.per), loop: -1, entity: 0, pending: undefined };
    return [
      this.write(c, 'set', () => { c.loop++; c.entity = c.own[c.loop % c.own.length]!; return { entity: c.entity, field: 'scale', value: this.nextValue++ }; }),
      this.read(c),
      this.get(c, 'entity', () => '/entity/Sun/Earth'),
      this.write(c, 'disable', () => ({ entity: c.entity, field: 'disabled', value: !this.currentlyDisabled(c) })),
      this.get(c, 'query', () => { const o = this.queryOffset; this.queryOffset = (o + QUERY_PAGE) % Math.max(1, this.options.queryTotal); return queryPath(o); }),
      this.read(c),
      this.get(c, 'entity', () => '/entity/Sun/Mars?values=true'),
    ];
  }

  /** Settles writes still in flight as unanswered (call when the run has ended). */
  finish(): void {
    for (const c of this.connections) this.settlePending(c, undefined);
  }

  /** Requests sent and answers outside 2xx over all kinds. */
  totals(): { sent: number; non2xx: number } {
    let sent = 0, non2xx = 0;
    for (const k of KINDS) { sent += this.kinds[k].sent; non2xx += this.kinds[k].non2xx; }
    return { sent, non2xx };
  }

  private currentlyDisabled(c: Connection): boolean {
    // Flip what the ledger expects; in the peer run (no ledger) alternate by loop.
    return this.options.ledger?.expected(c.entity)?.disabled ?? c.loop % 2 === 1;
  }

  private count(kind: Kind, status: number): void {
    const k = this.kinds[kind];
    k.statuses[status] = (k.statuses[status] ?? 0) + 1;
    if (status < 200 || status >= 300) k.non2xx++;
  }

  private settlePending(c: Connection, status: number | undefined): void {
    if (c.pending) this.options.ledger?.settle(c.pending, status);
    c.pending = undefined;
  }

  private write(c: Connection, kind: 'set' | 'disable', next: () => Write): AutocannonRequest {
    let sentKind: Kind = kind;
    return {
      setupRequest: (req) => {
        this.settlePending(c, undefined); // its answer never came (the connection was reset)
        const w = next();
        c.pending = w;
        this.options.ledger?.send(w);
        sentKind = w.field === 'scale' ? 'set' : w.value ? 'disable' : 'enable';
        this.kinds[sentKind].sent++;
        const path = w.field === 'scale' ? setPath(w.entity, w.value) : `/${sentKind}/${w.entity}`;
        return { ...req, method: 'PUT', path };
      },
      onResponse: (status) => {
        this.count(sentKind, status);
        this.settlePending(c, status);
      },
    };
  }

  private read(c: Connection): AutocannonRequest {
    return {
      setupRequest: (req) => {
        this.settlePending(c, undefined);
        this.kinds.read.sent++;
        return { ...req, method: 'GET', path: readPath(c.entity) };
      },
      onResponse: (status, body) => {
        this.count('read', status);
        if (status !== 200) return;
        // Parsed in the peer run too (where nothing checks it), so the client does the same work
        // per answer on both sides and the throughput ratio compares the servers alone.
        const state = stateOfEntityReply(body);
        this.options.ledger?.checkRead(c.entity, state);
      },
    };
  }

  private get(c: Connection, kind: 'entity' | 'query', path: () => string): AutocannonRequest {
    return {
      setupRequest: (req) => {
        this.settlePending(c, undefined);
        this.kinds[kind].sent++;
        return { ...req, method: 'GET', path: path() };
      },
      onResponse: (status) => this.count(kind, status),
    };
  }
}
