// The explorer's 1s time axis comes from the reply, so it is right at any frame rate: a world run
// at 30 fps through the monitor, its /stats reply reshaped as the stats panel does.
import { describe, expect, it } from 'vitest';
import { App } from '../../../../../src/shared/app';
import { World } from '../../../../../src/shared/ecs';
import { importMonitor, statsReply, type StatsPeriod } from '../../../../../src/shared/monitor';
import { sampleInterval, sampleTimes, worldMetrics } from '../../../../../src/renderer/explorer/stats/stats-series';
import type { WorldStatsReply } from '../../../../../src/renderer/explorer/client/reply-types';
import { captureBody } from '../capture';

/** The world metrics of a monitored world after `frames` frames of `1/fps` s each. */
function metricsAt(fps: number, frames: number, period: StatsPeriod = '1s') {
  const world = new World();
  const app = new App(world, { manual: true, target_fps: fps });
  importMonitor(world, app);
  for (let i = 0; i < frames; i++) app.step(1 / fps);
  return worldMetrics(statsReply(world, 'world', period) as WorldStatsReply);
}

describe('stats time axis', () => {
  it('spans 59 frames of 1/30 s at 30 fps (not 59/60 s)', () => {
    const metrics = metricsAt(30, 90);
    expect(metrics.find((m) => m.key === 'performance.delta_time')!.samples.avg.at(-1)).toBeCloseTo(1 / 30, 9);
    const interval = sampleInterval('1s', metrics);
    expect(interval).toBeCloseTo(1 / 30, 9);
    const times = sampleTimes(interval, 60);
    expect(times[0]).toBeCloseTo(-59 / 30, 6);
    expect(times[59]).toBe(0);
  });

  it('spans 59/120 s at 120 fps', () => {
    expect(sampleInterval('1s', metricsAt(120, 200))).toBeCloseTo(1 / 120, 9);
  });

  it('averages over the frames sampled so far (unsampled slots are not zero-length frames)', () => {
    // 10 frames only: the window's other 50 slots hold no frame yet.
    expect(sampleInterval('1s', metricsAt(30, 10))).toBeCloseTo(1 / 30, 9);
  });

  it('keeps the fixed spans of the coarser periods, whatever the frame rate', () => {
    const metrics = metricsAt(30, 90, '1m');
    expect(sampleInterval('1m', metrics)).toBe(1);
    expect(sampleInterval('1h', metrics)).toBe(60);
    expect(sampleInterval('1d', metrics)).toBe(1440);
    expect(sampleInterval('1w', metrics)).toBe(10080);
    expect(sampleTimes(60, 3)).toEqual([-120, -60, 0]);
  });

  it('falls back to the fps of a reply without delta_time (the reference), then to 60 fps', () => {
    const reference = worldMetrics(captureBody<WorldStatsReply>('233-stats-world-period-1s.json'));
    expect(reference.some((m) => m.key === 'performance.delta_time')).toBe(false);
    const fps = reference.find((m) => m.key === 'performance.fps')!.samples.avg.filter((v): v is number => typeof v === 'number');
    const meanFps = fps.reduce((a, b) => a + b, 0) / fps.length;
    expect(sampleInterval('1s', reference)).toBeCloseTo(1 / meanFps, 9);
    expect(sampleInterval('1s', worldMetrics({ 'entities.count': { avg: [1], min: [1], max: [1] } }))).toBeCloseTo(1 / 60, 12);
  });
});
