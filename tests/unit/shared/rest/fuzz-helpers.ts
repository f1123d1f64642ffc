// Shared parts of the router fuzz tests: a world fingerprint cheap enough to take around every
// case, the reply oracle every case must satisfy, and the seed/run settings.
import { expect } from 'vitest';
import type { World } from '../../../../src/shared/ecs';
import { createRouter, type CompatMode, type Router } from '../../../../src/shared/rest';
import { buildReferenceWorld, type ReferenceWorld } from '../../../fixtures/reference-world';

/**
 * Seed of every fuzz property (fixed, so a run is reproducible; set FUZZ_SEED to explore
 * others locally and keep what fails as a named regression test).
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);

/** Statuses the router may answer with (413/414 belong to the transport; 409 is a name clash of the build endpoints; 501 is the Flecs 4 dialect's answer to script and action requests, which have no counterpart here). */
export const ROUTER_STATUSES: readonly number[] = [200, 204, 400, 403, 404, 405, 409, 501];

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

/** FNV-1a style mixing of 32-bit words into a running hash. */
function mix(h: number, word: number): number {
  return Math.imul(h ^ word, 0x01000193) >>> 0;
}

function mixNumber(h: number, n: number): number {
  f64[0] = n;
  return mix(mix(h, u32[0]!), u32[1]!);
}

function mixText(h: number, s: string): number {
  let x = mix(h, s.length);
  for (let i = 0; i < s.length; i++) x = mix(x, s.charCodeAt(i));
  return x;
}

/**
 * A fingerprint of everything a request could change: every table (id, type, rows in order),
 * every column's values, every stored entity's name and parent, and the entity index counts.
 * Two equal fingerprints mean the world reads the same through every endpoint.
 */
export function worldFingerprint(world: World): string {
  let h = 0x811c9dc5;
  let tables = 0, rows = 0;
  h = mix(h, world.entities.aliveCount);
  h = mix(h, world.entities.notAliveCount);
  for (const table of world.tables.values()) {
    tables++;
    h = mix(h, table.id);
    h = mixText(h, table.key);
    const n = table.entities.length;
    rows += n;
    for (let r = 0; r < n; r++) {
      const e = table.entities[r]!;
      h = mixNumber(h, e);
      h = mixText(h, world.nameOf(e) ?? '');
      h = mixNumber(h, world.parentOf(e));
    }
    for (const column of table.columns) {
      if (column.values) {
        for (let r = 0; r < n; r++) h = mixText(h, JSON.stringify(column.values[r]) ?? 'undefined');
        continue;
      }
      for (const arr of column.arrays) {
        for (let r = 0; r < n; r++) {
          const v = arr[r] as number | string;
          h = typeof v === 'string' ? mixText(h, v) : mixNumber(h, v);
        }
      }
    }
  }
  return `${tables} tables, ${rows} rows, hash ${h.toString(16)}`;
}

/** A fresh reference world with the monitor (so /stats answers) and a router (of the contract, or of a compat dialect) with a small maximum limit. */
export function fuzzWorld(maxLimit = 500, compat?: CompatMode): ReferenceWorld & { router: Router } {
  const ref = buildReferenceWorld({ monitor: true });
  for (let i = 0; i < 3; i++) ref.app.step(1 / 60);
  return { ...ref, router: createRouter(ref.world, { maxLimit, compat }) };
}

/** What the oracle learned about one reply. */
export interface Verdict {
  status: number;
  /** The parsed body (undefined for 204). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/**
 * Routes one request and checks what every reply must be: no exception, a status from
 * ROUTER_STATUSES, JSON text, an `error` string on every error, on 405 an `Allow` of the table's
 * methods without the one asked, and an unchanged world unless a write method of the table succeeded.
 */
export function routeChecked(world: World, router: Router, method: string, url: string): Verdict {
  const before = worldFingerprint(world);
  const where = `${method} ${url.length > 300 ? `${url.slice(0, 300)}…` : url}`;
  let reply;
  try {
    reply = router.route(method, url);
  } catch (err) {
    throw new Error(`the router threw on ${where}: ${(err as Error).stack ?? String(err)}`, { cause: err });
  }
  expect(ROUTER_STATUSES, where).toContain(reply.status);
  let json: unknown;
  if (reply.status === 204) {
    expect(reply.body, where).toBe('');
  } else {
    try {
      json = JSON.parse(reply.body);
    } catch {
      throw new Error(`reply to ${where} is not JSON: ${reply.body.slice(0, 200)}`);
    }
  }
  if (reply.status >= 400) {
    const error = (json as { error?: unknown }).error;
    expect(typeof error, where).toBe('string');
    expect((error as string).length, where).toBeGreaterThan(10);
    // Artefacts of a message built from a value it did not expect (unless the request carried them).
    if (!url.includes('object%20Object') && !url.includes('object Object')) expect(error, where).not.toContain('[object Object]');
  }
  if (reply.status === 405) {
    const allowed = reply.headers?.Allow?.split(', ') ?? [];
    expect(allowed.length, where).toBeGreaterThan(0);
    for (const m of allowed) expect(router.methods, where).toContain(m);
    expect(allowed, where).not.toContain(method);
  }
  const mayChange = router.writeMethods.includes(method) && reply.status === 200;
  if (!mayChange) expect(worldFingerprint(world), `${where} answered ${reply.status} but changed the world`).toBe(before);
  return { status: reply.status, json };
}

/** encodeURIComponent as a browser applies it to any text: lone surrogates become U+FFFD instead of throwing. */
export function urlEncode(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}
