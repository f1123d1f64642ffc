// The contract's smoke test against the running plain-Node host, and the pages it serves.
import { expect, test } from '@playwright/test';
import { getJson } from './support/rest';

test('GET /entity/ecs/core/World returns a JSON object with path and ids', async ({ request }) => {
  const body = await getJson<{ path: string; ids: unknown[] }>(request, '/entity/ecs/core/World');
  expect(body.path).toBe('ecs.core.World');
  expect(Array.isArray(body.ids)).toBe(true);
  expect(body.ids).toContainEqual(['ecs.rest.Rest']);
});

test('the title from the command line is the World doc name', async ({ request }) => {
  const body = await getJson<{ label: string }>(request, '/entity/ecs/core/World?label=true');
  expect(body.label).toBe('e2e-demo');
});

test('the viewport and explorer pages are served with a content security policy', async ({ request }) => {
  for (const page of ['/viewport/', '/explorer/']) {
    const r = await request.get(page);
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toContain('text/html');
    expect(r.headers()['content-security-policy']).toContain("default-src 'self'");
  }
});
