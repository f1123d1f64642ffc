import { describe, expect, it } from 'vitest';
import { coerceInput, formatValue, memberSetData, overrideSetData } from '../../../../../src/renderer/explorer/inspector/value-edit';

describe('coerceInput', () => {
  it('accepts decimals for float members and says what is wrong otherwise', () => {
    expect(coerceInput('float', ' 1.5 ')).toEqual({ ok: true, value: 1.5 });
    expect(coerceInput('float', '-2e-3')).toEqual({ ok: true, value: -0.002 });
    expect(coerceInput('float', 'abc')).toEqual({ ok: false, error: expect.stringContaining('"abc"') });
    expect(coerceInput('float', '').ok).toBe(false);
    expect(coerceInput('float', 'Infinity').ok).toBe(false);
  });

  it('accepts only whole numbers for int members', () => {
    expect(coerceInput('int', '42')).toEqual({ ok: true, value: 42 });
    expect(coerceInput('int', '1.5')).toEqual({ ok: false, error: expect.stringContaining('whole number') });
    expect(coerceInput('int', '99999999999999999999').ok).toBe(false);
  });

  it('checks bools, enums, and passes text and entity paths', () => {
    expect(coerceInput('bool', 'true')).toEqual({ ok: true, value: true });
    expect(coerceInput('bool', 'yes').ok).toBe(false);
    expect(coerceInput('enum', 'Ship', ['Sphere', 'Ship'])).toEqual({ ok: true, value: 'Ship' });
    // Refused, saying what the value was and which constants there are.
    expect(coerceInput('enum', 'Cube', ['Sphere', 'Ship'])).toEqual({ ok: false, error: expect.stringMatching(/Cube.*Sphere, Ship/) });
    expect(coerceInput('text', ' a b ')).toEqual({ ok: true, value: ' a b ' });
    expect(coerceInput('entity', ' Sun.Earth ')).toEqual({ ok: true, value: 'Sun.Earth' });
  });
});

describe('set payloads', () => {
  it('sets just the edited member', () => {
    expect(memberSetData(['Position'], ['x'], 1.5, { x: 0, y: 0 })).toEqual({ ids: [['Position']], values: [{ x: 1.5 }] });
    expect(memberSetData(['Orbit'], ['pos', 'x'], 2, {})).toEqual({ ids: [['Orbit']], values: [{ pos: { x: 2 } }] });
    expect(memberSetData(['Eats', 'Apples'], ['amount'], 3, {})).toEqual({ ids: [['Eats', 'Apples']], values: [{ amount: 3 }] });
  });

  it('sends the whole array when one element changes', () => {
    expect(memberSetData(['Path'], ['points', 1], 9, { points: [1, 2, 3] })).toEqual({ ids: [['Path']], values: [{ points: [1, 9, 3] }] });
  });

  it("overrides an inherited component with the base's value, or adds a tag as is", () => {
    expect(overrideSetData(['Position'], { x: 1, y: 2 })).toEqual({ ids: [['Position']], values: [{ x: 1, y: 2 }] });
    expect(overrideSetData(['Renderable'], 0)).toEqual({ ids: [['Renderable']] });
  });

  it('formats values for fields', () => {
    expect(formatValue(5.97)).toBe('5.97');
    expect(formatValue(null)).toBe('null');
    expect(formatValue([1, 2])).toBe('[1,2]');
  });
});
