// The Build section's add box: names while a name is typed, and, inside an open pair, the pair
// with every named entity whose path contains the typed target, in the text typed so far.
import { describe, expect, it } from 'vitest';
import { MAX_PAIR_TARGETS, addSuggestions, openPair } from '../../../../../src/renderer/explorer/inspector/build-names';

const names = ['Position', 'Fuel', 'TravellingTo', 'LowFuel'];
const entities = ['Sun', 'Sun.Earth', 'Sun.Earth.Moon', 'Sun.Mars', 'Ship1'];

describe('add box suggestions', () => {
  it('offers the names until a pair is opened', () => {
    expect(addSuggestions('', names, entities)).toEqual(names);
    expect(addSuggestions('Fu', names, entities)).toEqual(names);
    expect(addSuggestions('(TravellingTo', names, entities)).toEqual(names);
    expect(addSuggestions('(TravellingTo, Sun.Earth)', names, entities)).toEqual(names);
  });

  it('inside (Rel, offers the pair with each entity whose path contains the typed target, case ignored', () => {
    expect(openPair('(TravellingTo, ear')).toEqual({ head: '(TravellingTo, ', target: 'ear' });
    expect(addSuggestions('(TravellingTo, ear', names, entities)).toEqual(['(TravellingTo, Sun.Earth)', '(TravellingTo, Sun.Earth.Moon)']);
    expect(addSuggestions('(TravellingTo,', names, entities)).toEqual(entities.map((p) => `(TravellingTo,${p})`));
    expect(addSuggestions('(TravellingTo,nothing', names, entities)).toEqual([]);
  });

  it('offers at most MAX_PAIR_TARGETS pairs', () => {
    const many = Array.from({ length: MAX_PAIR_TARGETS + 7 }, (_, i) => `Ship${i}`);
    expect(addSuggestions('(Likes, ship', names, many)).toHaveLength(MAX_PAIR_TARGETS);
  });
});
