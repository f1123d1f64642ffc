// A comparable picture of every user entity (GET /world): path -> its ids with their values,
// sorted, so two worlds compare equal when every entity has the same ids, values, name and
// parent, whatever order the tables were made in.
import { expect } from 'vitest';

interface WorldReply {
  results: { parent?: string; ids: string[][]; entities: (string | number)[]; values?: unknown[][] }[];
}

/** The snapshot of a /world reply: entity path -> sorted "id=value" texts. */
export function worldSnapshot(reply: WorldReply): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of reply.results) {
    r.entities.forEach((name, i) => {
      const path = r.parent ? `${r.parent}.${name}` : String(name);
      const ids = r.ids.map((id, k) => `${id.join(',')}=${JSON.stringify(r.values?.[k]?.[i] ?? null)}`).sort();
      out.set(path, ids);
    });
  }
  return out;
}

/** Reads the world's snapshot through a GET function (a router's or a host's). */
export function snapshotOf(get: (url: string) => { status: number; json: unknown }): Map<string, string[]> {
  const r = get('/world');
  expect(r.status).toBe(200);
  return worldSnapshot(r.json as WorldReply);
}
