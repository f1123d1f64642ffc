// The stats tool's folding of a /stats reply, on replies written here: each series to last, min,
// max and mean with 4 significant digits, briefs left out, lists and nesting kept; and the series
// answer cut by whole measures (world) or entries (pipeline) to the most that fit one result.
import { describe, expect, test } from 'vitest';
import { MAX_RESULT_CHARS } from '../../../../src/main/mcp';
import { statsSeries, statsSummary } from '../../../../src/main/mcp/stats-summary';

const textOf = (r: ReturnType<typeof statsSeries>): string => (r.content[0] as { text: string }).text;

describe('statsSummary', () => {
  test('each series folded to last, min, max and mean (4 significant digits); briefs left out; other values as they are', () => {
    const reply = {
      brief: 'the world',
      fps: { brief: 'frames per second', avg: [1, 2, 3.123456], min: [0.5, 1, 3], max: [1, 2.5, 4] },
      pipeline: [{ name: 'Move', time: { avg: [0, 0], min: [0, 0], max: [0, 0] } }],
      empty: { avg: [], min: [], max: [] },
      big: { avg: [123456], min: [-98765.4], max: [123456.7] },
      count: 5, name: 'demo', none: null,
    };
    expect(statsSummary(reply)).toEqual({
      // mean (1 + 2 + 3.123456) / 3 = 2.041152
      fps: { last: 3.123, min: 0.5, max: 4, mean: 2.041 },
      pipeline: [{ name: 'Move', time: { last: 0, min: 0, max: 0, mean: 0 } }],
      // No samples yet: not a series, kept as it came.
      empty: { avg: [], min: [], max: [] },
      big: { last: 123500, min: -98770, max: 123500, mean: 123500 },
      count: 5, name: 'demo', none: null,
    });
  });
});

describe('statsSeries', () => {
  test('a reply that fits is the series whole, without a cut', () => {
    const reply = [{ name: 'Move', time: { avg: [1], min: [1], max: [1] } }];
    expect(JSON.parse(textOf(statsSeries(reply)))).toEqual({ series: reply });
  });

  test('too long: the first measures that fit, and a cut saying how many of how many and where the rest is', () => {
    const measure = (i: number) => ({ avg: Array.from({ length: 60 }, (_, j) => i + j / 7), min: Array.from({ length: 60 }, () => i), max: Array.from({ length: 60 }, () => i + 9) });
    const world = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`m${i}`, measure(i)]));
    const text = textOf(statsSeries(world));
    expect(text.length).toBeLessThanOrEqual(MAX_RESULT_CHARS);
    const r = JSON.parse(text) as { cut: string; series: Record<string, unknown> };
    const n = Object.keys(r.series).length;
    expect(n).toBeGreaterThan(0);
    expect(Object.keys(r.series)).toEqual(Array.from({ length: n }, (_, i) => `m${i}`));
    expect(r.series.m0).toEqual(world.m0);
    expect(r.cut).toBe(`${n} of 100 measures fit in ${MAX_RESULT_CHARS} characters; the summary (series: false) has every one`);
    // The most that fit: one measure more would not.
    const more = { cut: r.cut.replace(`${n} of`, `${n + 1} of`), series: Object.fromEntries(Object.entries(world).slice(0, n + 1)) };
    expect(JSON.stringify(more).length).toBeGreaterThan(MAX_RESULT_CHARS);
    // A pipeline reply (a list) is cut by entries.
    const list = Object.values(world).map((v, i) => ({ name: `S${i}`, time: v }));
    const cutList = JSON.parse(textOf(statsSeries(list))) as { cut: string; series: unknown[] };
    expect(cutList.cut).toMatch(new RegExp(`^${cutList.series.length} of 100 entries fit`));
    expect(cutList.series[0]).toEqual(list[0]);
  });
});
