// A router on a fresh reference world, with shortcuts that parse the JSON reply.
import { expect } from 'vitest';
import { createRouter, type RouterOptions } from '../../../../src/shared/rest';
import { buildReferenceWorld } from '../../../fixtures/reference-world';

/** A reply with its body parsed (every body must be JSON, except a 204's). */
export interface Parsed {
  status: number;
  headers?: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** A fresh reference world and its router. */
export function setup(options: RouterOptions = {}) {
  const ref = buildReferenceWorld();
  const router = createRouter(ref.world, options);
  const call = (method: string, url: string): Parsed => {
    const r = router.route(method, url);
    const json = r.status === 204 ? undefined : JSON.parse(r.body);
    if (r.status >= 400) expect(typeof json.error).toBe('string');
    return { status: r.status, headers: r.headers, json };
  };
  return { ...ref, router, get: (url: string) => call('GET', url), put: (url: string) => call('PUT', url), call };
}

/** `?data=` text of a /set payload. */
export function data(payload: unknown): string {
  return encodeURIComponent(JSON.stringify(payload));
}
