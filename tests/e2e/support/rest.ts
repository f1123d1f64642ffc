// Small REST helpers for end-to-end tests (the host under test runs on the Playwright baseURL).
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/** GET a JSON reply, asserting the status. */
export async function getJson<T = Record<string, unknown>>(request: APIRequestContext, url: string, status = 200): Promise<T> {
  const r = await request.get(url);
  expect(r.status(), `${url}: ${await r.text()}`).toBe(status);
  return (await r.json()) as T;
}

/** PUT and assert the status (the body of a success is `{}`). */
export async function put(request: APIRequestContext, url: string, status = 200): Promise<unknown> {
  const r = await request.put(url);
  expect(r.status(), `${url}: ${await r.text()}`).toBe(status);
  return r.json();
}

/** The numeric id of an entity by path (via the entity_ids of a query on its name). */
export async function entityId(request: APIRequestContext, path: string): Promise<number> {
  const parts = path.split('.');
  const name = parts.pop()!;
  const q = `${parts.length ? `(ecs.core.ChildOf, ${parts.join('.')}), ` : ''}$this == "${name}", ?ecs.core.Disabled`;
  const body = await getJson<{ results: { entity_ids?: number[] }[] }>(request, `/query?q=${encodeURIComponent(q)}&entity_ids=true`);
  const id = body.results[0]?.entity_ids?.[0];
  expect(id, `id of ${path}`).toBeDefined();
  return id!;
}
