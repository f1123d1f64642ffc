// The demo as the host runs it: createDemo in a fresh world, an App stepping frames, packFrame.
import { App } from '../../src/shared/app';
import { pipelineOf } from '../../src/shared/pipeline';
import { World } from '../../src/shared/ecs';
import { importMonitor } from '../../src/shared/monitor';
import { decodeFrame, FrameWriter } from '../../src/shared/protocol';
import { packFrame } from '../../src/main/frames';
import { createDemo, type Demo, type DemoSystems } from '../../src/main/sim';
import { median, percentile } from '../lib/report';

const DT = 1 / 60;

function build(asteroids: number): Demo {
  return createDemo(new World(), { asteroids });
}

/**
 * Per frame (App.step, as the host's loop calls it, after a warm-up): its milliseconds, and the
 * milliseconds not spent in the demo's own systems (pipeline bookkeeping, merges, frame hooks
 * and any system a module such as the monitor adds).
 */
export function frameTimes(asteroids: number, monitor: boolean, frames: number): { total: number[]; extra: number[] } {
  const demo = build(asteroids);
  const app = new App(demo.world, { manual: true });
  if (monitor) importMonitor(demo.world, app);
  // The time outside the systems is the frame less their measured times: time them without the monitor too.
  app.pipeline.measureTime = true;
  const own = new Set<number>(Object.values(demo.systems));
  const records = app.pipeline.list().filter((s) => own.has(s.entity));
  for (let i = 0; i < 300; i++) app.step(DT);
  const total: number[] = [], extra: number[] = [];
  for (let i = 0; i < frames; i++) {
    const t0 = performance.now();
    app.step(DT);
    const ms = performance.now() - t0;
    let systems = 0;
    for (const r of records) systems += r.stats.timeSpent * 1000;
    total.push(ms);
    extra.push(ms - systems);
  }
  return { total, extra };
}

/** Median or 99th percentile of frame times, or the median time outside the demo's systems; ms. */
export function tick(asteroids: number, metric: 'median' | 'p99' | 'extra', monitor = false): number {
  const times = frameTimes(asteroids, monitor, asteroids >= 100_000 ? 600 : 1500);
  if (metric === 'extra') return median(times.extra);
  return metric === 'median' ? median(times.total) : percentile(times.total, 99);
}

/** Median nanoseconds per matched entity of one demo system over 600 frames. */
export function systemNs(demo: Demo, system: keyof DemoSystems): number {
  const pipeline = pipelineOf(demo.world);
  const record = pipeline.list().find((s) => s.entity === demo.systems[system])!;
  pipeline.measureTime = true;
  for (let i = 0; i < 300; i++) pipeline.progress(DT);
  const samples: number[] = [];
  for (let i = 0; i < 600; i++) {
    pipeline.progress(DT);
    samples.push((record.stats.timeSpent * 1e9) / Math.max(1, record.stats.matchedEntities));
  }
  return median(samples);
}

/** The demo's Move system (asteroids and ships), ns per entity. */
export function move(asteroids: number): number {
  return systemNs(build(asteroids), 'Move');
}

/** The demo's Gravity system, ns per asteroid. */
export function gravity(asteroids: number): number {
  return systemNs(build(asteroids), 'Gravity');
}

/** The demo's OrbitMoons system with `n` extra small moons around Earth, ns per orbiting body. */
export function orbit(n: number): number {
  const demo = build(0);
  const w = demo.world, { Orbit, Position } = demo.ids, earth = w.lookup('Sun.Earth');
  for (let i = 0; i < n; i++) {
    const e = w.entity({ parent: earth });
    w.add(e, Orbit);
    w.add(e, Position);
    w.set(e, Orbit, { radius: 1 + (i % 20) / 10, speed: 0.5 + (i % 9) / 10, inclination: ((i % 5) - 2) / 10 });
  }
  return systemNs(demo, 'OrbitMoons');
}

/** A packing function of the demo with `asteroids` rocks (after 60 frames of simulation). */
export function packer(asteroids: number): { pack: () => Uint8Array; demo: Demo } {
  const demo = build(asteroids);
  const pipeline = pipelineOf(demo.world), writer = new FrameWriter();
  for (let i = 0; i < 60; i++) pipeline.progress(DT);
  return { pack: () => packFrame(demo, writer), demo };
}

/** Bytes of the same frame written as JSON (one object per entity), the text alternative. */
export function jsonBytes(frame: Uint8Array): number {
  const f = decodeFrame(frame);
  const list = [];
  for (let i = 0; i < f.count; i++) {
    list.push({
      id: f.ids[i], p: [f.positions[i * 3], f.positions[i * 3 + 1], f.positions[i * 3 + 2]],
      q: [f.rotations[i * 4], f.rotations[i * 4 + 1], f.rotations[i * 4 + 2], f.rotations[i * 4 + 3]],
      s: f.scales[i], c: f.colors[i], shape: f.shapes[i], flags: f.flags[i],
    });
  }
  return Buffer.byteLength(JSON.stringify({ frame: f.frameNumber, time: f.simTime, entities: list }));
}
