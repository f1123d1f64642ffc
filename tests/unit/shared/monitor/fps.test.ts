import { expect, test } from 'vitest';
import { App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';
import { importMonitor, statsReply, type WorldStatsReply } from '../../../../src/shared/monitor';

test('fps is frames over the time they took, also when frames are uneven', () => {
  const world = new World();
  const app = new App(world, { manual: true, target_fps: 60 });
  importMonitor(world, app);
  // A late frame followed by an early one, 60 times: 60 frames in 60 * (1/40 + 1/120) / 2 s.
  for (let i = 0; i < 60; i++) app.step(i % 2 ? 1 / 120 : 1 / 40);
  const reply = statsReply(world, 'world', '1s') as WorldStatsReply;
  const fps = reply['performance.fps']!.avg;
  const last = fps[fps.length - 1]!;
  expect(last).toBeCloseTo(60, 5);
  // The mean of 1/dt would have said (40 + 120) / 2 = 80.
  expect(Math.max(...fps.slice(-30).map(Number))).toBeLessThan(61);
});
