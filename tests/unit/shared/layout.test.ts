// docs/architecture.md draws how the folders of src/shared depend on each other; this keeps the drawing
// true. It reads the imports with the same tool and config as the import fences (npm run fences).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const root = join(__dirname, '../../..');

/** Folder → folders it imports, as docs/architecture.md draws them. */
function drawnGraph(): Map<string, Set<string>> {
  const doc = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const at = doc.indexOf('How the folders of `src/shared` depend on each other');
  expect(at, 'docs/architecture.md has the src/shared dependency graph').toBeGreaterThan(0);
  const open = doc.indexOf('```\n', at) + 4, close = doc.indexOf('```', open);
  const graph = new Map<string, Set<string>>();
  for (const line of doc.slice(open, close).trim().split('\n')) {
    // "query     → ecs" or "ecs         imports nothing of ours"
    const m = /^(\S+)\s+(?:→\s+(.*)|imports nothing.*)$/.exec(line);
    expect(m, `a graph line of docs/architecture.md: ${line}`).not.toBeNull();
    graph.set(m![1]!, new Set((m![2] ?? '').split(',').map((s) => s.trim()).filter(Boolean)));
  }
  return graph;
}

/** Folder → folders it imports, read from the code (files directly in src/shared are left out). */
function actualGraph(): Map<string, Set<string>> {
  const r = spawnSync(join(root, 'node_modules/.bin/depcruise'), ['src/shared', '--config', '.dependency-cruiser.mjs', '--output-type', 'json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  expect(r.status, r.stderr).toBe(0);
  const folderOf = (path: string) => /^src\/shared\/([^/]+)\//.exec(path)?.[1];
  const graph = new Map<string, Set<string>>();
  for (const m of JSON.parse(r.stdout).modules as { source: string; dependencies: { resolved: string }[] }[]) {
    const from = folderOf(m.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const d of m.dependencies) {
      const to = folderOf(d.resolved);
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

const sorted = (g: Map<string, Set<string>>) => Object.fromEntries([...g].sort().map(([k, v]) => [k, [...v].sort()]));

test('docs/architecture.md draws every folder of src/shared with exactly the folders it imports', { timeout: 60_000 }, () => {
  expect(sorted(drawnGraph())).toEqual(sorted(actualGraph()));
});
