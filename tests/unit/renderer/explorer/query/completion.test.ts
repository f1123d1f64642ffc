import { describe, expect, it } from 'vitest';
import { applySuggestion, suggestions, wordAt, type NameCandidate } from '../../../../../src/renderer/explorer/query/completion';

const NAMES: NameCandidate[] = [
  { path: 'Position', kind: 'component' }, { path: 'Planet', kind: 'tag' }, { path: 'ecs.core.ChildOf', kind: 'tag' },
  { path: 'ecs.doc.Description', kind: 'component' }, { path: 'ShipsHeadingTo', kind: 'query' }, { path: 'PlanetsOfSun', kind: 'query' },
  { path: 'TravellingTo', kind: 'tag' },
];

describe('query completion', () => {
  it('finds the word under the caret and whether it follows ?-', () => {
    expect(wordAt('Position, Pla', 13)).toEqual({ start: 10, end: 13, text: 'Pla', named: false });
    expect(wordAt('?-Ships', 7)).toMatchObject({ text: 'Ships', named: true });
    expect(wordAt('(ChildOf, $pa', 13).text).toBe('');
    expect(wordAt('Position, ', 10).text).toBe('');
    // Mid-word: the text before the caret is the prefix, the whole word is replaced.
    expect(wordAt('Posit, Velocity', 3)).toMatchObject({ start: 0, end: 5, text: 'Pos' });
  });

  it('offers names by their last level first, then by path, then containing, case-insensitively', () => {
    expect(suggestions(NAMES, wordAt('pla', 3)).map((c) => c.path)).toEqual(['Planet']);
    expect(suggestions(NAMES, wordAt('child', 5)).map((c) => c.path)).toEqual(['ecs.core.ChildOf']);
    expect(suggestions(NAMES, wordAt('ecs.d', 5)).map((c) => c.path)).toEqual(['ecs.doc.Description']);
    expect(suggestions(NAMES, wordAt('elling', 6)).map((c) => c.path)).toEqual(['TravellingTo']);
    expect(suggestions(NAMES, wordAt('', 0))).toEqual([]);
  });

  it('after ?- offers only named queries', () => {
    expect(suggestions(NAMES, wordAt('?-P', 3)).map((c) => c.path)).toEqual(['PlanetsOfSun', 'ShipsHeadingTo']);
    expect(suggestions(NAMES, wordAt('?-Pos', 5))).toEqual([]);
  });

  it('replaces the whole word and puts the caret after the name', () => {
    const text = 'Position, Pla, Velocity';
    expect(applySuggestion(text, wordAt(text, 13), 'Planet')).toEqual({ text: 'Position, Planet, Velocity', caret: 16 });
  });
});
