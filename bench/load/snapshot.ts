// The state of every asteroid (Scale value, disabled or not), read through the REST interface
// with one paged query, so the load test can compare the world before and after.
import type { EntityState } from './write-ledger';

/** The query that matches every asteroid, enabled or disabled (the optional Disabled term makes disabled ones match). */
const ASTEROIDS = encodeURIComponent('Asteroid, Scale, ?ecs.core.Disabled');
/** Page size; the host's default largest `limit`. */
const PAGE = 10_000;

interface QueryReply {
  results?: { entity_ids?: number[]; values?: unknown[]; is_set?: boolean[] }[];
  error?: string;
}

/** Reads every asteroid's state: id → { scale, disabled }, in the order the query returns them. */
export async function snapshotAsteroids(baseUrl: string): Promise<Map<number, EntityState>> {
  const out = new Map<number, EntityState>();
  for (let offset = 0; ; offset += PAGE) {
    const url = `${baseUrl}/query?q=${ASTEROIDS}&entity_ids=true&values=true&is_set=true&limit=${PAGE}&offset=${offset}`;
    const r = await fetch(url);
    const reply = (await r.json()) as QueryReply;
    if (r.status !== 200 || !reply.results) throw new Error(`GET ${url} answered ${r.status}: ${reply.error ?? JSON.stringify(reply).slice(0, 300)}`);
    let n = 0;
    for (const result of reply.results) {
      const ids = result.entity_ids ?? [];
      const scales = result.values?.[1];
      const disabled = result.is_set?.[2];
      if (!Array.isArray(scales) || typeof disabled !== 'boolean') throw new Error(`unexpected result shape from ${url}: ${JSON.stringify(result).slice(0, 300)}`);
      ids.forEach((id, i) => out.set(id, { scale: (scales[i] as { value?: number }).value, disabled }));
      n += ids.length;
    }
    if (n < PAGE) return out;
  }
}
