import { describe, expect, it } from 'vitest';
import { readViewState, writeViewState } from '../../../../../src/renderer/explorer/state/view-state';

describe('view state in the address', () => {
  it('reads entity, query, panels and period', () => {
    const v = readViewState('?entity=Sun.Earth&q=Position%2C+Velocity&panels=tree,inspector&period=1m');
    expect(v).toEqual({ entity: 'Sun.Earth', q: 'Position, Velocity', panels: ['tree', 'inspector'], period: '1m' });
  });

  it('falls back to defaults for missing or unknown values', () => {
    expect(readViewState('')).toEqual({ panels: ['tree', 'inspector', 'query', 'stats'], period: '1s' });
    const v = readViewState('?panels=stats,bogus,tree&period=2s');
    expect(v.panels).toEqual(['tree', 'stats']);
    expect(v.period).toBe('1s');
    expect(readViewState('?panels=').panels).toEqual([]);
  });

  it('writes a link that reads back to the same view and keeps remote and host', () => {
    const view = { entity: 'Sun.Earth', q: '?-ShipsHeadingTo(planet: Earth)', panels: ['inspector', 'query'] as ('inspector' | 'query')[], period: '1h' as const };
    const search = writeViewState('?remote=true&host=10.0.0.5:8000&entity=Old', view);
    const p = new URLSearchParams(search);
    expect(p.get('remote')).toBe('true');
    expect(p.get('host')).toBe('10.0.0.5:8000');
    expect(search).toContain('panels=inspector,query');
    expect(readViewState(search)).toEqual(view);
  });

  it('leaves defaults out of the address', () => {
    expect(writeViewState('', { panels: ['tree', 'inspector', 'query', 'stats'], period: '1s' })).toBe('');
  });
});
