import { describe, expect, it } from 'vitest';
import { readViewState, writeViewState, type ViewState } from '../../../../../src/renderer/explorer/state/view-state';

describe('view state in the address', () => {
  it('reads layout, entity, query, panels and period', () => {
    const v = readViewState('?layout=stats&entity=Sun.Earth&q=Position%2C+Velocity&panels=tree,inspector&period=1h');
    expect(v).toEqual({ layout: 'stats', entity: 'Sun.Earth', q: 'Position, Velocity', panels: ['tree', 'inspector'], period: '1h' });
  });

  it('falls back to defaults (explore, all panels, 1m) for missing or unknown values', () => {
    expect(readViewState('')).toEqual({ layout: 'explore', panels: ['tree', 'inspector', 'query'], period: '1m' });
    const v = readViewState('?layout=grid&panels=stats,bogus,tree&period=2s');
    expect(v.layout).toBe('explore');
    expect(v.panels).toEqual(['tree']);
    expect(v.period).toBe('1m');
    expect(readViewState('?panels=').panels).toEqual([]);
  });

  it('writes a link that reads back to the same view and keeps remote and host', () => {
    const view: ViewState = { layout: 'stats', entity: 'Sun.Earth', q: '?-ShipsHeadingTo(planet: Earth)', panels: ['inspector', 'query'], period: '1h' };
    const search = writeViewState('?remote=true&host=10.0.0.5:8000&entity=Old', view);
    const p = new URLSearchParams(search);
    expect(p.get('remote')).toBe('true');
    expect(p.get('host')).toBe('10.0.0.5:8000');
    expect(search).toContain('panels=inspector,query');
    expect(search).toContain('layout=stats');
    expect(readViewState(search)).toEqual(view);
  });

  it('leaves defaults out of the address', () => {
    expect(writeViewState('', { layout: 'explore', panels: ['tree', 'inspector', 'query'], period: '1m' })).toBe('');
  });
});
