// Building blocks of the deviation checks: each asserts what docs/rest-api.md (or the contract) requires
// of our reply where it differs from the reference on purpose.
import { expect } from 'vitest';
import { addSystem } from '../../src/shared/app';
import { statsPipelineReplySchema, statsWorldReplySchema } from '../../src/shared/protocol';
import type { Capture } from '../support/reference';
import { buildRunWorld, canonPair, differences, expectedReply, renameRequest, type OurReply, type RunWorld } from './harness';

/** A check of our reply. */
export type Check = (ours: OurReply, run: RunWorld, c: Capture) => void;
type Body = Record<string, unknown>;
type Result = Record<string, unknown>;

/** Our reply to the capture's request with the URL changed (in the mode's names: the contract reads ecs.*). */
export function again(run: RunWorld, url: string, method = 'GET'): OurReply {
  const r = run.router.route(method, run.mode === 'contract' ? renameRequest(url) : url);
  return { status: r.status, headers: r.headers, body: r.status === 204 ? undefined : JSON.parse(r.body), text: r.body };
}

/** The URL with one parameter set (added, or replaced when present). */
export function withParam(url: string, name: string, value: string): string {
  const re = new RegExp(`([?&])${name}=[^&?]*`);
  if (re.test(url)) return url.replace(re, `$1${name}=${value}`);
  return `${url}${/[?&]/.test(url) ? '&' : '?'}${name}=${value}`;
}

/** The URL without a parameter. */
export function withoutParam(url: string, name: string): string {
  return url.replace(new RegExp(`[?&]${name}=[^&?]*`), '').replace(/^([^?&]*)&/, '$1?');
}

/** Asserts an error reply with this status whose text matches. */
export function assertError(ours: OurReply, status: number, text?: RegExp): void {
  expect(ours.status).toBe(status);
  expect(typeof (ours.body as Body).error).toBe('string');
  if (text) expect((ours.body as Body).error).toMatch(text);
}

/** An error with this status whose text matches. */
export function error(status: number, text?: RegExp): Check {
  return (ours) => assertError(ours, status, text);
}

/** Our body equals the reference's after `fixRef` (on the expected body) and `fixOurs` (on ours). */
export function sameAs(fixRef: (b: Body, run: RunWorld) => void = () => {}, fixOurs: (b: Body, run: RunWorld) => void = () => {}): Check {
  return (ours, run, c) => {
    const expected = structuredClone(expectedReply(c, run.mode));
    expect(ours.status).toBe(expected.status);
    fixRef(expected.body as Body, run);
    const mine = structuredClone(ours.body) as Body;
    fixOurs(mine, run);
    const [a, b] = canonPair(c, expected.body, mine);
    expect(a).toBe(b);
  };
}

/** Runs several checks. */
export function all(...checks: Check[]): Check {
  return (ours, run, c) => { for (const check of checks) check(ours, run, c); };
}

/** Entities of a query reply, flattened (parent.name, or the id). */
export function flat(body: unknown): unknown[] {
  return ((body as { results?: Result[] }).results ?? []).flatMap((r) => ((r.entities as unknown[]) ?? []).map((e) => (r.parent ? `${String(r.parent)}.${String(e)}` : e)));
}

/** The contract's default limit is 100 where the reference's was 1000: with the reference's count
 * as limit the reply matches (after `fix`), and by default it is the first 100 of that reply. */
export function limit100(fix: Check = (o, run, c) => expect(differences(c, o, run.mode)).toBeUndefined()): Check {
  return (ours, run, c) => {
    const count = flat(expectedReply(c, run.mode).body).length;
    const full = again(run, withParam(c.url, 'limit', String(count)));
    fix(full, run, c);
    expect(flat(ours.body)).toEqual(flat(full.body).slice(0, 100));
  };
}

/** A path in the contract's names (`flecs.core.X` -> `ecs.core.X`), to compare ids of either mode. */
export function asEcs(path: string): string {
  return path.replace(/^flecs(?=\.|$)/, 'ecs');
}

/** True when an id (its paths, in either mode's names) is `expected` (written in the contract's names, comma-joined). */
export function isId(id: readonly string[], expected: string): boolean {
  return id.map(asEcs).join() === expected;
}

/** Removes from a body the ids (and the values, labels, type info aligned with them) that `drop` selects. */
export function dropIds(b: Body, drop: (id: string[]) => boolean): void {
  const ids = b.ids as string[][] | undefined;
  if (!ids) return;
  const keep = ids.map((id) => !drop(id));
  for (const k of ['ids', 'id_labels', 'values', 'type_info']) {
    if (Array.isArray(b[k])) b[k] = (b[k] as unknown[]).filter((_, i) => keep[i]);
  }
}

/** Replaces per-result values [] (the reference's unset optional / not terms) with 0. */
export function emptyValuesAsZero(b: Body): void {
  for (const r of (b.results as Result[] | undefined) ?? []) {
    if (Array.isArray(r.values)) r.values = (r.values as unknown[]).map((v) => (Array.isArray(v) && v.length === 0 ? 0 : v));
  }
}

/** Every result carries `field` with one element per entity, as `expectedOf(entity)` says. */
export function perEntity(field: string, expectedOf: (run: RunWorld, e: unknown, parent: unknown) => unknown): Check {
  return (ours, run) => {
    for (const r of (ours.body as { results: Result[] }).results) {
      expect(r[field]).toEqual((r.entities as unknown[]).map((e) => expectedOf(run, e, r.parent)));
    }
  };
}

/** Adds a per-result field to the reference's results that lack it (the reference left it out). */
export function addToRef(field: string, expectedOf: (run: RunWorld, e: unknown, parent: unknown) => unknown): (b: Body, run: RunWorld) => void {
  return (b, run) => {
    for (const r of (b.results as Result[] | undefined) ?? []) {
      if (!(field in r)) r[field] = ((r.entities as unknown[]) ?? []).map((e) => expectedOf(run, e, r.parent));
    }
  };
}

/** The numeric id of an entity as a query reply shows it. */
export function entityOf(run: RunWorld, e: unknown, parent: unknown): number {
  return typeof e === 'number' ? e : run.world.lookup(parent ? `${String(parent)}.${String(e)}` : String(e));
}

/** The label of an entity as a query reply shows it. */
export function labelOf(run: RunWorld, e: unknown, parent: unknown): string {
  return run.world.label(entityOf(run, e, parent));
}

/** Statistics from the monitor module: the reply schema, 60 samples per metric, our systems. */
export function statsCheck(category: 'world' | 'pipeline'): Check {
  return (ours) => {
    expect(ours.status).toBe(200);
    if (category === 'world') {
      const world = statsWorldReplySchema.parse(ours.body);
      expect(world['entities.count']?.avg).toHaveLength(60);
    } else {
      for (const s of statsPipelineReplySchema.parse(ours.body)) expect(s.time_spent.avg).toHaveLength(60);
    }
  };
}

/**
 * The pipeline reply lists the systems in pipeline order, each followed by its sync point, and
 * samples them once frames run. The replayed world runs no frame (its replies must stay those of
 * a fresh app), so this runs 61 frames (one second at 60 fps, plus the one that closes the second)
 * on a fresh world of the same run, with a system added in an earlier and one in a later phase,
 * declared in the opposite order. The earlier one counts the entities it is given each frame: its
 * matched_entity_count must say the same.
 */
export function pipelineStatsCheck(): Check {
  return (ours, run, c) => {
    statsCheck('pipeline')(ours, run, c);
    const fresh = buildRunWorld(c, run.mode);
    let seen = 0, perFrame = 0;
    addSystem(fresh.world, 'LateCheck', { phase: 'PostUpdate', run: () => { perFrame = seen; seen = 0; } });
    addSystem(fresh.world, 'EarlyCheck', { phase: 'PreUpdate', query: 'Position', run: (it) => { seen += it.entities.length; } });
    for (let i = 0; i < 61; i++) fresh.app.step(1 / 60);
    const reply = again(fresh, c.url);
    expect(reply.status).toBe(200);
    const entries = statsPipelineReplySchema.parse(reply.body);
    const shape = entries.map((e) => ('name' in e ? e.name : `sync(${e.system_count})`));
    expect(shape).toEqual(['EarlyCheck', 'sync(1)', 'Move', 'sync(1)', 'LateCheck', 'sync(1)']);
    if (c.url.includes('1s')) {
      // The per-second window has closed once: its last sample holds the frames' match counts.
      const matched = (name: string) => (entries.find((e) => 'name' in e && e.name === name) as { matched_entity_count: { avg: number[] } }).matched_entity_count.avg.at(-1);
      expect(perFrame).toBeGreaterThan(0);
      expect(matched('EarlyCheck')).toBe(perFrame);
      expect(matched('Move')).toBeGreaterThan(0);
    }
  };
}

/** The reply equals the reply of another request (e.g. without an ignored parameter). */
export function sameReplyAs(url: (c: Capture) => string): Check {
  return (ours, run, c) => {
    const other = again(run, url(c));
    expect(ours.status).toBe(other.status);
    expect(ours.text).toBe(other.text);
  };
}
