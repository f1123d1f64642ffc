// /stats and the entity reply's alerts with the real monitor module: a world that has run frames
// answers schema-valid statistics, and alerts appear in the entity reply.
import { describe, expect, test } from 'vitest';
import { defineAlert, importMonitor } from '../../../../src/shared/monitor';
import { statsPipelineReplySchema, statsWorldReplySchema } from '../../../../src/shared/protocol';
import { createRouter } from '../../../../src/shared/rest';
import { buildReferenceWorld } from '../../../fixtures/reference-world';

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
