import { describe, expect, it } from 'vitest';
import { historyMarks } from '../../../../../src/renderer/explorer/timeline/history-marks';
import { atFrame } from '../../../../../src/renderer/explorer/ui/past-frame';

describe('atFrame', () => {
  it('adds at= to /entity and /query reads of a past frame only', () => {
    expect(atFrame('/entity/Sun/Earth?values=true', 40)).toBe('/entity/Sun/Earth?values=true&at=40');
    expect(atFrame('/query?q=Planet', 0)).toBe('/query?q=Planet&at=0');
    expect(atFrame('/entity/Sun', 7)).toBe('/entity/Sun?at=7');
    expect(atFrame('/entity/Sun?values=true', undefined)).toBe('/entity/Sun?values=true');
    expect(atFrame('/stats/world', 7)).toBe('/stats/world');
    expect(atFrame('/entityx', 7)).toBe('/entityx');
  });
});

describe('historyMarks', () => {
  it('places writes and rising alerts along the range, one per slot and kind', () => {
    const marks = historyMarks({ first: 100, last: 300, frame: 300, keyframes: [100], writes: [[150, 2], [151, 1], [300, 1], [50, 1]], alerts: [[200, 3]] }, 100);
    expect(marks).toEqual([
      { at: 0.25, frame: 150, kind: 'write', title: 'frame 150: 2 outside writes' },
      { at: 1, frame: 300, kind: 'write', title: 'frame 300: 1 outside write' },
      { at: 0.5, frame: 200, kind: 'alert', title: 'frame 200: alerts rose to 3' },
    ]);
  });
});
