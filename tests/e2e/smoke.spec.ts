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

test('statistics of the running host: /stats/world/1s and /stats/pipeline/1m', async ({ request }) => {
  type Sample = { avg: number[]; min: number[]; max: number[]; brief: string };
  const world = await getJson<Record<string, Sample>>(request, '/stats/world/1s');
  for (const key of ['entities.count', 'performance.fps', 'performance.frame_time', 'http.request_received_count']) {
    expect(world[key], key).toBeDefined();
    expect(world[key]!.avg).toHaveLength(60);
    expect(world[key]!.brief.length).toBeGreaterThan(0);
  }
  // The demo has thousands of entities and its frames run (how fast is a figure of `npm run bench -- load`).
  expect(world['entities.count']!.avg.at(-1)!).toBeGreaterThan(3000);
  expect(world['performance.fps']!.avg.at(-1)!).toBeGreaterThan(0);
  const pipeline = await getJson<{ name: string; time_spent: Sample; matched_entity_count: Sample }[]>(request, '/stats/pipeline/1m');
  const names = pipeline.map((s) => s.name);
  expect(names).toEqual(expect.arrayContaining(['OrbitPlanets', 'Travel', 'Move']));
  expect(names.indexOf('OrbitPlanets')).toBeLessThan(names.indexOf('Travel'));
  const query = await getJson<{ error: string }>(request, '/stats/world/2s', 400);
  expect(query.error).toContain('1s');
});
