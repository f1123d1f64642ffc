// Reply bodies of the reference captures (tests/reference), with flecs.* renamed to ecs.*.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(__dirname, '../../../reference/flecs-3.2/captures');

/** The body of capture `file` (e.g. "119-query-A-all.json"), renamed to our module names. */
export function captureBody<T = unknown>(file: string): T {
  const c = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { body_raw: string };
  return JSON.parse(c.body_raw.replace(/flecs\./g, 'ecs.')) as T;
}
