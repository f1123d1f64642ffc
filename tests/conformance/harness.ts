// Replaying the reference captures against our router: the worlds of each app run (WORLD.md),
// the mechanical renames between the reference and us, and a comparison that leaves open what
// the contract leaves open (result order, ids order) and skips what depends on time.
import type { App } from '../../src/shared/app';
import { importMonitor } from '../../src/shared/monitor';
import { createRouter, type Router } from '../../src/shared/rest';
import type { World } from '../../src/shared/ecs';
import { buildReferenceWorld } from '../fixtures/reference-world';
import type { Capture } from '../support/reference';

/** The reply shapes the captures are replayed in: the contract's, or the reference's (--compat flecs-3.2). */
export type ReplayMode = 'contract' | 'flecs-3.2';

/** A world of one app run and its router. */
export interface RunWorld {
  world: World;
  router: Router;
  mode: ReplayMode;
  /** The app of the world (manual: no frame runs unless a check steps it). */
  app: App;
}

/** The number of a capture (its file name prefix). */
export function captureNo(c: Capture): number {
  return Number(c.file.slice(0, 3));
}

/** The world of an app run: standard (with the monitor), "no monitor", or "big ids". */
export function buildRunWorld(c: Capture, mode: ReplayMode = 'contract'): RunWorld {
  const variant = String(c.context?.world_variant ?? 'standard');
  const ref = buildReferenceWorld();
  const w = ref.world;
  if (variant.startsWith('big-ids')) {
    // WORLD.md: a tag BigIds, then anonymous entities 9999, 10000 (with (Eats, Apples)) and 10001.
    const big = w.tag('BigIds');
    for (const id of [9999, 10000, 10001]) w.add(w.entity({ id }), big);
    w.add(10000, w.pair(w.lookup('Eats'), w.lookup('Apples')));
  }
  if (c.context?.monitor_module === true) importMonitor(w, ref.app);
  return { world: w, router: createRouter(w, mode === 'contract' ? {} : { compat: mode }), mode, app: ref.app };
}

/** The reply of our router to a capture's request, parsed (a 204 has no body). */
export interface OurReply {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
  text: string;
}

/**
 * Sends a capture's request through the router; HEAD becomes GET, as the transport does. In
 * compat mode the request goes as captured (the reference's `flecs.*` names); the contract
 * reads `ecs.*`, so there the names are renamed first.
 */
export function replay(run: RunWorld, c: Capture): OurReply {
  const method = c.method === 'HEAD' ? 'GET' : c.method;
  const r = run.router.route(method, run.mode === 'contract' ? renameRequest(c.url) : c.url);
  const body = r.status === 204 ? undefined : (JSON.parse(r.body) as unknown);
  return { status: r.status, headers: r.headers, body, text: r.body };
}

/** `flecs` -> `ecs` in a request target (paths and parameters). */
export function renameRequest(url: string): string {
  return url.replace(/flecs([./]|%2F|$)/gi, 'ecs$1');
}

// ---------------------------------------------------------------- normalization of the reference

/** Key renames of the reference's query reply (docs/rest-api.md, Query reply). */
const KEY_RENAMES: Record<string, string> = { vars: 'variables', var_labels: 'variable_labels', var_ids: 'variable_ids', eval_duration: 'duration' };

function renameStrings(v: unknown, keys: Record<string, string>, names: boolean): unknown {
  if (typeof v === 'string') return names ? v.replace(/\bflecs(?=\.|$)/g, 'ecs') : v;
  if (Array.isArray(v)) return v.map((x) => renameStrings(x, keys, names));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[keys[k] ?? renameStrings(k, keys, names) as string] = renameStrings(x, keys, names);
    return out;
  }
  return v;
}

/**
 * The reply the reference gave, in our vocabulary: `flecs.` -> `ecs.` (the contract's names; compat
 * mode prints the reference's, so there they stay), the renamed query fields,
 * top-level type_info as an array aligned with the terms (its values in term order), an empty
 * body of a successful PUT as `{}`, and an empty or plain-text error body as `{"error": …}`.
 */
export function expectedReply(c: Capture, mode: ReplayMode = 'contract'): { status: number | null; body: unknown } {
  const raw = c.body_raw ?? '';
  let body: unknown;
  if (c.status === null) return { status: null, body: undefined };
  if (raw === '' && c.status === 200) body = {};
  else if (typeof c.body === 'string' || raw === '') body = { error: ANY_TEXT };
  // In compat mode the query fields and module names stay the reference's, and type_info keeps its object form.
  else body = mode === 'contract' ? renameStrings(c.body, KEY_RENAMES, true) : structuredClone(c.body);
  const b = body as Record<string, unknown>;
  if (mode === 'contract' && b && typeof b === 'object' && !Array.isArray(b) && b.type_info && !Array.isArray(b.type_info) && 'results' in b) {
    b.type_info = Object.values(b.type_info as Record<string, unknown>);
  }
  return { status: c.status, body };
}

/** Marks a value that only has to be a string (error texts are ours). */
export const ANY_TEXT = '<any text>';
/** Marks a time-dependent value (compared by shape only). */
export const TIME = '<time>';

// ---------------------------------------------------------------- time-dependent values

function maskNumbers(v: unknown): unknown {
  if (typeof v === 'number') return TIME;
  if (Array.isArray(v)) return v.map(maskNumbers);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskNumbers(x)]));
  return v;
}

function maskEntityValues(body: Record<string, unknown>, isTimed: (id: string[]) => boolean): void {
  const ids = body.ids as string[][] | undefined, values = body.values as unknown[] | undefined;
  if (!ids || !values) return;
  ids.forEach((id, i) => { if (isTimed(id)) values[i] = maskNumbers(values[i]); });
}

/**
 * Replaces time-dependent values (Comet's position, Mars's position once it moves in run A,
 * the World's monitor summary, durations, statistics) with a marker, in a reply of either side.
 */
export function maskTime(c: Capture, body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const n = captureNo(c);
  if (Array.isArray(body) || c.url.startsWith('/stats')) return maskNumbers(body);
  const b = body as Record<string, unknown>;
  if ('duration' in b) b.duration = TIME;
  if ('eval_duration' in b) b.eval_duration = TIME;
  const path = b.path;
  const marsMoves = c.context?.app_run === 'A' && n >= 288;
  if (path === 'Comet' || (path === 'Sun.Mars' && marsMoves)) maskEntityValues(b, (id) => id.join() === 'Position');
  // Either side's names: the contract's (ecs.*) or compat mode's (flecs.*).
  for (const root of ['ecs', 'flecs']) {
    if (path === `${root}.core.World`) maskEntityValues(b, (id) => id.join() === `${root}.monitor.WorldSummary`);
  }
  for (const r of (b.results as Record<string, unknown>[] | undefined) ?? []) {
    const ents = (r.entities as unknown[] | undefined) ?? [];
    if (ents.includes('Comet') || (marsMoves && ents.includes('Mars'))) r.values = maskNumbers(r.values);
  }
  return b;
}

// ---------------------------------------------------------------- canonical form

function num(n: number): number {
  // Within f32 precision: the reference prints f32 values with 10 digits (5.9699997902), we print
  // the shortest text (5.97); both read back to the same f32. Small integers (ids) stay exact.
  return Number.isInteger(n) && Math.abs(n) < 2 ** 24 ? n : Math.fround(n);
}

function canonValue(v: unknown): unknown {
  if (typeof v === 'number') return num(v);
  if (Array.isArray(v)) return v.map(canonValue);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonValue((v as Record<string, unknown>)[k])]));
  }
  return v;
}

const key = (v: unknown) => JSON.stringify(v);
const sortedBy = <T>(xs: T[]) => xs.map((x) => [key(x), x] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((p) => p[1]);

/** Arrays aligned with `ids` become one sorted list of tuples (the contract gives no id order). */
function zipIds(o: Record<string, unknown>): Record<string, unknown> {
  const ids = o.ids as unknown[] | undefined;
  if (!Array.isArray(ids)) return o;
  const aligned = ['ids', 'id_labels', 'values', 'type_info'].filter((k) => Array.isArray(o[k]));
  const rows = ids.map((_, i) => aligned.map((k) => (o[k] as unknown[])[i]));
  const out: Record<string, unknown> = { ...o };
  for (const k of aligned) delete out[k];
  out['ids+'] = { fields: aligned, rows: sortedBy(rows) };
  return out;
}

/** The canonical form of a reply body: what must be equal between the reference and us. */
export function canon(body: unknown, kind: Kind): unknown {
  const v = canonValue(body);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o = v as Record<string, unknown>;
  if (kind === 'entity') {
    const out = zipIds(o);
    if (Array.isArray(out.is_a)) out.is_a = sortedBy((out.is_a as Record<string, unknown>[]).map(zipIds));
    if (Array.isArray(out.matches)) out.matches = sortedBy(out.matches as unknown[]);
    if (out.refs && typeof out.refs === 'object') {
      out.refs = Object.fromEntries(Object.entries(out.refs as Record<string, unknown[]>).map(([k, list]) => [k, sortedBy(list)]));
    }
    return out;
  }
  if (kind === 'query' && Array.isArray(o.results)) return { ...o, results: sortedBy(o.results as unknown[]) };
  // /world results are tables: their ids (all of the type) have no order either.
  if (kind === 'world' && Array.isArray(o.results)) return { ...o, results: sortedBy((o.results as Record<string, unknown>[]).map(zipIds)) };
  return o;
}

/** How a reply is compared. */
export type Kind = 'entity' | 'query' | 'world' | 'other';

/** Which reply a capture's endpoint gives. */
export function kindOf(c: Capture): Kind {
  if (c.url.startsWith('/entity')) return 'entity';
  if (c.url.startsWith('/query')) return 'query';
  if (c.url.startsWith('/world')) return 'world';
  return 'other';
}

/**
 * Error texts are ours (they name the culprit and say what to do): when both sides answer an
 * error, the texts are not compared, and our `position` of a parse error is only compared when
 * the reference gave one too.
 */
export function alignErrors(expected: unknown, ours: unknown): [unknown, unknown] {
  const e = expected as Record<string, unknown> | undefined, o = ours as Record<string, unknown> | undefined;
  if (!e || !o || typeof e !== 'object' || typeof o !== 'object' || !('error' in e) || !('error' in o)) return [expected, ours];
  const oe: Record<string, unknown> = { ...o, error: typeof o.error === 'string' ? ANY_TEXT : o.error };
  if (!('position' in e)) delete oe.position;
  return [{ ...e, error: ANY_TEXT }, oe];
}

/** Canonical texts of our reply body and an expected body, as compared. */
export function canonPair(c: Capture, expected: unknown, ours: unknown): [string, string] {
  const [e, o] = alignErrors(expected, ours);
  const kind = kindOf(c);
  return [JSON.stringify(canon(maskTime(c, structuredClone(o)), kind)), JSON.stringify(canon(maskTime(c, structuredClone(e)), kind))];
}

/** Why our reply differs from the reference's (after the renames), or undefined when it matches. */
export function differences(c: Capture, ours: OurReply, mode: ReplayMode = 'contract'): string | undefined {
  const expected = expectedReply(c, mode);
  if (expected.status !== ours.status) return `status ${ours.status}, reference ${expected.status}`;
  const [a, b] = canonPair(c, expected.body, ours.body);
  return a === b ? undefined : `body differs:\n  ours: ${a.slice(0, 600)}\n  ref:  ${b.slice(0, 600)}`;
}
