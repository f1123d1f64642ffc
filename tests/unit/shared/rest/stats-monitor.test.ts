// /stats and the entity reply's alerts with the real monitor module: a world that has run frames
// answers schema-valid statistics, and alerts appear in the entity reply.
import { describe, expect, test } from 'vitest';
import { defineAlert, importMonitor } from '../../../../src/shared/monitor';
import { statsPipelineReplySchema, statsWorldReplySchema } from '../../../../src/shared/protocol';
import { createRouter } from '../../../../src/shared/rest';
import { buildReferenceWorld } from '../../../fixtures/reference-world';
import { captureBody } from '../../renderer/explorer/capture';

function monitored() {
  const ref = buildReferenceWorld();
  importMonitor(ref.world, ref.app);
  const router = createRouter(ref.world);
  const get = (url: string) => { const r = router.route('GET', url); return { status: r.status, json: JSON.parse(r.body) }; };
  return { ...ref, get };
}

describe('/stats with the monitor module', () => {
  test('world and pipeline statistics: 60 samples per metric, both URL forms', () => {
    const { app, get } = monitored();
    for (let i = 0; i < 10; i++) app.step(1 / 60);
    const world = statsWorldReplySchema.parse(get('/stats/world/1s').json);
    expect(Object.keys(world).length).toBeGreaterThan(10);
    for (const sample of Object.values(world)) {
      expect(sample.avg).toHaveLength(60);
      expect(sample.min).toHaveLength(60);
      expect(sample.max).toHaveLength(60);
    }
    expect(get('/stats/world?period=1m').status).toBe(200);
    const pipeline = statsPipelineReplySchema.parse(get('/stats/pipeline').json);
    expect(pipeline.map((s) => ('name' in s ? s.name : 'sync'))).toContain('Move');
  });

  test('pipeline entries are shaped as the reference\'s (capture 238): systems, each followed by a sync point', () => {
    const { app, get } = monitored();
    for (let i = 0; i < 3; i++) app.step(1 / 60);
    const ours = get('/stats/pipeline?period=1s').json as Record<string, unknown>[];
    const ref = captureBody<Record<string, unknown>[]>('238-stats-pipeline-period-1s.json');
    const keys = (e: Record<string, unknown>) => Object.keys(e).sort().join();
    const refSync = ref.filter((e) => !('name' in e));
    expect(refSync.length).toBeGreaterThan(0);
    const oursSync = ours.filter((e) => !('name' in e));
    expect(oursSync.length).toBeGreaterThan(0);
    for (const e of oursSync) {
      expect(keys(e)).toBe(keys(refSync[0]!));
      expect(typeof e.system_count).toBe(typeof refSync[0]!.system_count);
      expect(keys(e.commands_enqueued as Record<string, unknown>)).toBe(keys(refSync[0]!.commands_enqueued as Record<string, unknown>));
    }
    // Every system is followed by its sync point, and the list ends with one, as the reference's does.
    ours.forEach((e, i) => { if ('name' in e) expect(ours[i + 1], `after ${String(e.name)}`).not.toHaveProperty('name'); });
    expect(ref.at(-1)).not.toHaveProperty('name');
    expect(ours.at(-1)).not.toHaveProperty('name');
  });

  test('the entity reply lists active alerts when asked', () => {
    const { app, world, get } = monitored();
    defineAlert(world, 'Heavy', { query: 'Mass', message: '$this is heavy', severity: 'Warning' });
    app.step(1 / 60);
    const alerts = get('/entity/Sun?alerts=true').json.alerts;
    expect(alerts).toEqual([{ alert: 'Heavy', message: 'Sun is heavy', severity: 'Warning' }]);
    expect(get('/entity/Sun').json.alerts).toBeUndefined();
    const moon = get('/entity/Sun/Earth/Moon?alerts=true');
    expect(moon.status).toBe(200);
    expect(moon.json.alerts).toBeUndefined();
  });
});
