import { describe, expect, it } from 'vitest';
import {
  availableCharts, formatCount, formatNumber, formatSeconds, lastValue, meanValue, metricUnit, metricUnitLabel, pipelineSystems, sampleTimes, worldMetrics,
} from '../../../../../src/renderer/explorer/stats/stats-series';
import type { PipelineStatsReply, WorldStatsReply } from '../../../../../src/renderer/explorer/client/reply-types';
import { captureBody } from '../capture';

describe('stats reshaping', () => {
  it('lists world metrics by group with their briefs (reference reply)', () => {
    const metrics = worldMetrics(captureBody<WorldStatsReply>('233-stats-world-period-1s.json'));
    expect(metrics).toHaveLength(57);
    expect(metrics[0]).toMatchObject({ key: 'entities.count', group: 'entities', name: 'count', brief: 'Alive entity ids in the world' });
    expect(metrics[0]!.samples.avg).toHaveLength(60);
    const charts = availableCharts(metrics);
    expect(charts[0]).toMatchObject({ title: 'Frame rate (fps)', keys: ['performance.fps'] });
    expect(charts.find((c) => c.title === 'Frame time')!.keys).toEqual(['performance.frame_time', 'performance.system_time', 'performance.merge_time']);
  });

  it('only offers charts for metrics the server has', () => {
    const charts = availableCharts(worldMetrics({ 'entities.count': { avg: [1], min: [1], max: [1] } }));
    expect(charts.map((c) => c.title)).toEqual(['Entities (count)']);
    expect(charts[0]!.keys).toEqual(['entities.count']);
  });

  it('skips pipeline sync points (entries without a name)', () => {
    const systems = pipelineSystems(captureBody<PipelineStatsReply>('238-stats-pipeline-period-1s.json'));
    expect(systems.length).toBeGreaterThan(0);
    expect(systems.every((s) => typeof s.name === 'string')).toBe(true);
    expect(systems.map((s) => s.name)).not.toContain(undefined);
    expect(systems[0]!.name).toBe('ecs.timer.AddTickSource');
  });

  it('summarises system time over the window', () => {
    const s = { avg: [0.001, null, 0.003], min: [0, 0, 0], max: [0, 0, 0] };
    const [row] = pipelineSystems([{ name: 'Move', time_spent: s, matched_entity_count: { avg: [5, 7], min: [], max: [] }, matched_table_count: { avg: [], min: [], max: [] } }]);
    expect(row).toMatchObject({ name: 'Move', meanTime: 0.002, lastTime: 0.003, entities: 7 });
    expect(lastValue([1, null])).toBe(1);
    expect(meanValue([])).toBeUndefined();
  });

  it('puts samples on a time axis per period, newest at 0', () => {
    expect(sampleTimes(1, 3)).toEqual([-2, -1, 0]);
    expect(sampleTimes(60, 2)).toEqual([-60, 0]);
    expect(sampleTimes(1 / 60, 60)[0]).toBeCloseTo(-59 / 60);
  });

  it('formats durations and counts', () => {
    expect(formatSeconds(0.0123)).toBe('12.3 ms');
    expect(formatSeconds(0.00085)).toBe('850 µs');
    expect(formatSeconds(1.2)).toBe('1.20 s');
    expect(formatSeconds(null)).toBe('—');
    expect(formatNumber(1949)).toBe('1,949');
    expect(formatNumber(59.04)).toBe('59.0');
    expect(metricUnit('performance.frame_time')).toBe('seconds');
    expect(metricUnit('entities.count')).toBe('count');
    // Thousands always grouped, averaged counts whole.
    expect(formatNumber(1110.4)).toBe('1,110');
    expect(formatCount(6.3)).toBe('6');
    expect(formatCount(135411)).toBe('135,411');
  });

  it('labels each metric with its unit', () => {
    expect(metricUnitLabel('performance.fps')).toBe('fps');
    expect(metricUnitLabel('performance.frame_time')).toBe('s');
    expect(metricUnitLabel('commands.add_count')).toBe('per frame');
    expect(metricUnitLabel('http.request_received_count')).toBe('per frame');
    expect(metricUnitLabel('tables.create_count')).toBe('per frame');
    expect(metricUnitLabel('entities.count')).toBe('count');
    expect(metricUnitLabel('tables.count')).toBe('count');
  });
});
