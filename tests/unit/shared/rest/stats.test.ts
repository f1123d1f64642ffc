// GET /stats through the router (docs/rest-api.md, Statistics reply). The monitor module is replaced by a stand-in
// so the router's part — URL forms, validation, the 404 without a monitor — is tested on its own.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { setup } from './helpers';

const monitor = vi.hoisted(() => ({
  enabled: true,
  calls: [] as string[],
  alerts: [] as unknown[],
}));

vi.mock('../../../../src/shared/monitor', () => ({
  importMonitor: () => {},
  hasMonitor: () => monitor.enabled,
  statsReply: (_world: unknown, category: string, period: string) => {
    monitor.calls.push(`${category}/${period}`);
    const sample = { avg: [1, 2], min: [1, 2], max: [1, 2], brief: 'Alive entity ids in the world' };
    return category === 'world' ? { 'entities.count': sample } : [{ name: 'Move', time_spent: sample, matched_entity_count: sample, matched_table_count: sample }];
  },
  activeAlerts: () => monitor.alerts,
}));

beforeEach(() => { monitor.enabled = true; monitor.calls = []; monitor.alerts = []; });

describe('GET /stats', () => {
  test('both URL forms; the period defaults to 1s', () => {
    const { get } = setup();
    expect(get('/stats/world/1m').json['entities.count'].brief).toBe('Alive entity ids in the world');
    expect(get('/stats/world?period=1h').status).toBe(200);
    expect(get('/stats/pipeline').json[0].name).toBe('Move');
    expect(get('/stats/pipeline/1w/').status).toBe(200);
    expect(monitor.calls).toEqual(['world/1m', 'world/1h', 'pipeline/1s', 'pipeline/1w']);
  });

  test('unknown category or period: 400 listing the accepted values', () => {
    const { get } = setup();
    for (const url of ['/stats/foo', '/stats/', '/stats', '/stats/World']) {
      const r = get(url);
      expect(r.status, url).toBe(400);
      expect(r.json.error).toContain('/stats/world or /stats/pipeline');
    }
    for (const url of ['/stats/world/2s', '/stats/world?period=1S', '/stats/pipeline/1s/extra']) {
      const r = get(url);
      expect(r.status, url).toBe(400);
      expect(r.json.error, url).toMatch(/1s, 1m, 1h, 1d, 1w/);
    }
    expect(monitor.calls).toEqual([]);
  });

  test('without the monitor module: 404 saying how to enable it', () => {
    monitor.enabled = false;
    const { get } = setup();
    const r = get('/stats/world/1s');
    expect(r.status).toBe(404);
    expect(r.json.error).toContain('monitor');
    expect(r.json.error).toContain('enable_monitor');
    expect(monitor.calls).toEqual([]);
  });

  test('the entity reply lists active alerts from the monitor', () => {
    const { get, world } = setup();
    expect(get('/entity/Sun?alerts=true').json.alerts).toBeUndefined();
    monitor.alerts = [{ alert: 'HotStar', message: 'Sun is hot', severity: 'Warning' }];
    // The real monitor's alert instances are entities, so their changes change the world; the stand-in's are not.
    world.modified();
    expect(get('/entity/Sun?alerts=true').json.alerts).toEqual(monitor.alerts);
    expect(get('/entity/Sun').json.alerts).toBeUndefined();
  });
});
