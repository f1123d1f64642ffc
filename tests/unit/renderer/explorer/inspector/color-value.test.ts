// Colors among component values: recognised by their r, g, b members, shown as hex, and picked
// colors written back in the value's own scale.
import { describe, expect, it } from 'vitest';
import { colorFromHex, colorHex, colorOf } from '../../../../../src/renderer/explorer/inspector/color-value';
import { pairTargets } from '../../../../../src/renderer/explorer/inspector/relations-view';

describe('color values', () => {
  it('reads 0–255 and 0–1 colors, and nothing else', () => {
    expect(colorOf({ r: 70, g: 120, b: 230 })).toEqual({ r: 70, g: 120, b: 230, scale: 255 });
    expect(colorOf({ r: 0.5, g: 1, b: 0 })).toMatchObject({ scale: 1 });
    expect(colorOf({ x: 1, y: 2, z: 3 })).toBeUndefined();
    expect(colorOf({ r: 1, g: 2 })).toBeUndefined();
    expect(colorOf(0)).toBeUndefined();
  });

  it('round-trips through the picker\'s hex', () => {
    const c = colorOf({ r: 70, g: 120, b: 230 })!;
    expect(colorHex(c)).toBe('#4678e6');
    expect(colorFromHex('#4678e6', 255)).toEqual({ r: 70, g: 120, b: 230 });
    expect(colorFromHex('#ff0000', 1)).toEqual({ r: 1, g: 0, b: 0 });
    expect(colorHex(colorOf({ r: 0.5, g: 1, b: 0.25 })!)).toBe('#80ff40');
    expect(colorFromHex('red', 255)).toBeUndefined();
  });
});

describe('pairTargets', () => {
  it('groups the pairs by relationship', () => {
    const view = {
      components: [{ id: ['Position'] }, { id: ['Eats', 'Apples'], value: { amount: 1 } }],
      tags: [{ id: ['Planet'] }, { id: ['TravellingTo', 'Sun.Earth'] }, { id: ['Eats', 'Pears'] }],
    };
    expect(pairTargets(view)).toEqual([['Eats', ['Apples', 'Pears']], ['TravellingTo', ['Sun.Earth']]]);
  });
});
