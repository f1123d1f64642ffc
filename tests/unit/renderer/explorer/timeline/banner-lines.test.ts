import { describe, expect, it } from 'vitest';
import { BannerLines } from '../../../../../src/renderer/explorer/timeline/banner-lines';

describe('BannerLines', () => {
  it('keeps one line per owner, in the order owners first added theirs', () => {
    const lines = new BannerLines();
    lines.set('breakpoints', { text: 'breakpoint hit: Ship2 Fuel.value < 10', tone: 'warn' });
    lines.set('history', { text: 'restored to frame 120' });
    lines.set('breakpoints', { text: 'breakpoint hit: Ship3 Fuel.value < 10', tone: 'warn' });
    expect(lines.list()).toEqual([
      { text: 'breakpoint hit: Ship3 Fuel.value < 10', tone: 'warn' },
      { text: 'restored to frame 120' },
    ]);
    lines.set('breakpoints', undefined);
    expect(lines.list()).toEqual([{ text: 'restored to frame 120' }]);
  });

  it('tells listeners of changes only, and stops after unsubscribing', () => {
    const lines = new BannerLines();
    let calls = 0;
    const off = lines.subscribe(() => calls++);
    lines.set('a', { text: 'x' });
    lines.set('a', { text: 'x' });
    lines.set('b', undefined);
    expect(calls).toBe(1);
    lines.set('a', { text: 'x', tone: 'warn' });
    expect(calls).toBe(2);
    off();
    lines.set('a', undefined);
    expect(calls).toBe(2);
    expect(lines.list()).toEqual([]);
  });
});
