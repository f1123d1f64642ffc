// How the explorer prints numbers (about four significant digits, integers whole) and built-in
// names (short, the full path kept for tooltips).
import { describe, expect, it } from 'vitest';
import { formatReadable, isRounded, shortIdText, shortName, shortenPaths } from '../../../../src/renderer/explorer/ui';

describe('formatReadable', () => {
  it('rounds to about four significant digits without exponents for everyday magnitudes', () => {
    expect(formatReadable(-12.048251)).toBe('-12.05');
    expect(formatReadable(0.18111232)).toBe('0.1811');
    expect(formatReadable(0.001234567)).toBe('0.001235');
    expect(formatReadable(1234.5678)).toBe('1235');
    expect(formatReadable(14.5)).toBe('14.5');
    expect(formatReadable(-0.00001)).toBe('-0.00001');
    expect(formatReadable(1e-9)).toBe('1e-9');
    expect(formatReadable(-0.00000001)).toBe('-1e-8');
  });

  it('leaves integers whole and says when a value was rounded', () => {
    expect(formatReadable(135411)).toBe('135411');
    expect(isRounded(135411)).toBe(false);
    expect(isRounded(0.18111232)).toBe(true);
    expect(isRounded(14.5)).toBe(false);
  });
});

describe('short names', () => {
  it('shortens built-ins and keeps the user paths', () => {
    expect(shortName('ecs.core.ChildOf')).toBe('ChildOf');
    expect(shortName('Sun.Earth')).toBe('Sun.Earth');
    expect(shortName('ecs')).toBe('ecs');
    expect(shortIdText(['ecs.core.ChildOf', '*'])).toBe('(ChildOf, *)');
    expect(shortenPaths('(ecs.core.ChildOf, $p)')).toBe('(ChildOf, $p)');
    expect(shortenPaths('(TravellingTo, Sun.Earth)')).toBe('(TravellingTo, Sun.Earth)');
  });
});
