// The Flecs 4 dialect (--compat flecs-4) against the replies of a real Flecs 4 backend
// (tests/reference/flecs-4): every capture's request, replayed on the demo world, answers with the
// capture's status and the capture's shape (keys, nesting, value types; shape.ts). The worlds
// differ, so values are not compared. Every difference is listed in deviations.md, one line
// each with its reason; a difference not listed, or a listed one that is gone, fails.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { World } from '../../../src/shared/ecs';
import { runApp } from '../../../src/shared/app';
import { createRouter } from '../../../src/shared/rest';
import { createDemo } from '../../../src/main/sim';
import { captureNo, loadFlecs4Captures, replayOf, type Flecs4Capture } from './captures';
import { shapeDifferences, shapeOf } from './shape';

const FILE = join(import.meta.dirname, 'deviations.md');
const LINE = /^- (\d{3}) (.+?): (.+)$/;

/** The documented differences: capture number -> difference -> reason. */
function documented(): Map<number, Map<string, string>> {
  const out = new Map<number, Map<string, string>>();
  for (const line of readFileSync(FILE, 'utf8').split('\n')) {
    const m = LINE.exec(line);
    if (!m || !line.includes('`') && !line.includes('status')) continue;
    const n = Number(m[1]);
    if (!out.has(n)) out.set(n, new Map());
    out.get(n)!.set(m[2]!, m[3]!);
  }
  return out;
}

function body(text: string): unknown {
  return text === '' ? '' : (JSON.parse(text) as unknown);
}

/** Our reply's differences from the capture, one line each. */
function differences(c: Flecs4Capture): string[] {
  const world = new World();
  const app = runApp(world, { target_fps: 60, enable_monitor: true, manual: true, time_control: true, args: ['Demo'] });
  createDemo(world, { asteroids: 20 });
  const router = createRouter(world, { compat: 'flecs-4', app });
  for (let i = 0; i < 3; i++) app.step(1 / 60);
  const replay = replayOf(c);
  for (const [method, url] of replay.setup) {
    const r = router.route(method, url);
    expect(r.status, `setup ${method} ${url}: ${r.body}`).toBe(200);
  }
  const r = router.route(replay.request[0], replay.request[1]);
  const out = r.status === c.status ? [] : [`status ours ${r.status}, reference ${c.status}`];
  return [...out, ...shapeDifferences(shapeOf(body(r.body), undefined, replay.sameEntity), shapeOf(c.reply, undefined, replay.sameEntity))];
}

const docs = documented();
const found = new Map<number, string[]>();

describe('Flecs 4 conformance: each capture replayed on the demo world has the capture\'s shape', () => {
  for (const c of loadFlecs4Captures()) {
    test(`${c.file}: ${c.method} ${c.url.slice(0, 90)}`, () => {
      const diffs = differences(c);
      found.set(captureNo(c), diffs);
      const listed = docs.get(captureNo(c)) ?? new Map<string, string>();
      const unlisted = diffs.filter((d) => !listed.has(d));
      const gone = [...listed.keys()].filter((d) => !diffs.includes(d));
      expect(unlisted, `differences not in deviations.md (run with UPDATE_FLECS4_DEVIATIONS=1 to list them)`).toEqual([]);
      expect(gone, 'deviations.md lists differences that are gone').toEqual([]);
    });
  }
});

afterAll(() => {
  // With UPDATE_FLECS4_DEVIATIONS the differences found are written below the file's head, with
  // the reasons already given; a new one gets 'TODO' (the run has failed; the reasons are to be written).
  if (!process.env.UPDATE_FLECS4_DEVIATIONS) return;
  const text = readFileSync(FILE, 'utf8');
  const head = text.slice(0, text.indexOf('\n- ') + 1 || text.length);
  const lines = [...found.entries()].sort((a, b) => a[0] - b[0]).flatMap(([n, diffs]) =>
    diffs.map((d) => `- ${String(n).padStart(3, '0')} ${d}: ${docs.get(n)?.get(d) ?? 'TODO'}`));
  writeFileSync(FILE, `${head}${lines.join('\n')}\n`);
});
