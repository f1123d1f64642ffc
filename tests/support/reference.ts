// Where the reference captures live (a copy inside the repository) and how to read them.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folder of the reference captures. */
export const CAPTURES_DIR = join(import.meta.dirname, '..', 'reference', 'flecs-3.2', 'captures');

/** One captured request/reply of the reference server. */
export interface Capture {
  file: string;
  method: string;
  url: string;
  status: number | null;
  headers?: Record<string, string>;
  body: unknown;
  body_raw?: string;
  note: string;
  context?: Record<string, unknown>;
  client?: string;
}

/** All captures, sorted by file name (their number). */
export function loadCaptures(): Capture[] {
  return readdirSync(CAPTURES_DIR).filter((f) => f.endsWith('.json')).sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(CAPTURES_DIR, file), 'utf8')) as Omit<Capture, 'file'>) }));
}
