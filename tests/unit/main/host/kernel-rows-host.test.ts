// Systems run on tables of KERNEL_MIN_ROWS entities or more through kernels made for the table's
// row count (src/shared/pipeline/table-kernel.ts, ANY_ROWS). Through the real host with its own
// loop running: every asteroid moves from frame to frame while the Move system's kernel is the
// one made for their table's count, and every remaining one still moves once an asteroid was
// deleted between frames (the count changed: the next kernel takes any count). Waits are frame
// counts of the host's loop, never timers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import type { Entity } from '../../../../src/shared/ecs';
import { pipelineOf, type CachedResult } from '../../../../src/shared/pipeline';
import { KERNEL_MIN_ROWS } from '../../../../src/shared/pipeline/system-iter';
import { ANY_ROWS } from '../../../../src/shared/pipeline/table-kernel';
import { framesRan } from '../../../support/host-frames';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
afterEach(async () => { await host?.stop(); host = undefined; });

test('every asteroid moves from frame to frame, through a kernel made for their count and after that count changed', async () => {
  host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50']), mkdtempSync(join(tmpdir(), 'pages-')));
  await host.start();
  const h = host, w = h.world;
  const Asteroid = w.lookupSymbol('Asteroid'), Position = w.lookupSymbol('Position'), belt = w.lookupSymbol('Belt');
  const rocks = (): Entity[] => w.childrenOf(belt).filter((e) => w.ownsId(e, Asteroid));
  const positions = (es: readonly Entity[]): string[] => es.map((e) => JSON.stringify(w.get(e, Position)));
  /** The row count of the Move system's kernel on the asteroids' table (undefined: no kernel there). */
  const moveKernelRows = (): number | undefined => {
    const move = pipelineOf(w).list().find((s) => w.pathOf(s.entity).endsWith('Move'))!;
    let rows: number | undefined;
    move.query!.each((r) => { if (r.table === w.tableOf(rocks()[0]!)) rows = (r as CachedResult).kernel?.rows; });
    return rows;
  };
  await framesRan(h, 2);
  const before = rocks();
  // The asteroids share one table, large enough for a kernel.
  expect(w.tableOf(before[0]!).count).toBeGreaterThanOrEqual(KERNEL_MIN_ROWS);
  expect(moveKernelRows()).toBe(w.tableOf(before[0]!).count);
  const at = positions(before);
  await framesRan(h, 2);
  const moved = positions(before);
  expect(moved.filter((p, i) => p === at[i])).toEqual([]);
  // Between two frames of the host's loop: one asteroid fewer in the table.
  w.delete(before[0]!);
  const after = rocks();
  expect(after).toHaveLength(before.length - 1);
  const at2 = positions(after);
  await framesRan(h, 2);
  expect(positions(after).filter((p, i) => p === at2[i])).toEqual([]);
  expect(moveKernelRows()).toBe(ANY_ROWS);
});
