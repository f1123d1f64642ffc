import { describe, expect, it } from 'vitest';
import { MAX_RECENT, RECENT_KEY, addRecent, loadRecent, saveRecent } from '../../../../../src/renderer/explorer/state/recent-queries';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('recent queries', () => {
  it('puts the newest first, moves repeats to the front and ignores blanks', () => {
    let list = addRecent([], 'Position');
    list = addRecent(list, 'Planet');
    list = addRecent(list, '  Position ');
    list = addRecent(list, '   ');
    expect(list).toEqual(['Position', 'Planet']);
  });

  it(`keeps at most ${MAX_RECENT}`, () => {
    let list: string[] = [];
    for (let i = 0; i < 30; i++) list = addRecent(list, `Q${i}`);
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0]).toBe('Q29');
  });

  it('survives a reload through storage, and ignores what is not a list of strings', () => {
    const s = memoryStorage();
    expect(saveRecent(s, ['A', 'B'])).toBe(true);
    expect(loadRecent(s)).toEqual(['A', 'B']);
    expect(loadRecent(memoryStorage({ [RECENT_KEY]: '{bad' }))).toEqual([]);
    expect(loadRecent(memoryStorage({ [RECENT_KEY]: '[1,"x",null]' }))).toEqual(['x']);
    expect(loadRecent(undefined)).toEqual([]);
  });

  it('reports when storage refuses to save', () => {
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceeded'); } };
    expect(saveRecent(full, ['A'])).toBe(false);
  });
});
