// Hostile reads against a live host (its loop running at its target rate, in this process): while
// every read of HOSTILE_READS is sent again and again, frames keep coming — the test waits for 120
// of them, so a read that held the loop would hold the test — every hostile read is refused with a
// 4xx and a short error, and a plain GET sent in the middle is answered. How long frames and a concurrent GET take under this load is `npm run bench -- hostile`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { HOSTILE_READS } from '../../../support/hostile-reads';
import { framesRan } from '../../../support/host-frames';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let host: Host | undefined;
afterEach(async () => { await host?.stop(); host = undefined; });

describe('hostile reads', () => {
  test('are refused with a 4xx while frames keep running and a plain GET is answered', async () => {
    host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '1000']), mkdtempSync(join(tmpdir(), 'pages-')));
    const base = (await host.start()).rest;
    const answers: { name: string; status: number; error: string }[] = [];
    let stop = false;
    const attack = (async () => {
      while (!stop) {
        for (const [name, url] of Object.entries(HOSTILE_READS)) {
          const r = await fetch(base + url);
          answers.push({ name, status: r.status, error: ((await r.json()) as { error?: string }).error ?? '' });
        }
      }
    })();
    await framesRan(host, 60);
    const plain = await fetch(`${base}/entity/Sun/Earth`);
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as { path?: string }).path).toBe('Sun.Earth');
    await framesRan(host, 60);
    stop = true;
    await attack;

    const kinds = new Set(answers.map((a) => a.name));
    expect([...kinds].sort()).toEqual(Object.keys(HOSTILE_READS).sort());
    for (const a of answers) {
      expect(a.status, a.name).toBeGreaterThanOrEqual(400);
      expect(a.status, a.name).toBeLessThan(500);
      expect(a.error.length, a.name).toBeGreaterThan(20);
      expect(a.error.length, a.name).toBeLessThan(600);
    }
  });
});
