// Request-target parsing (docs/rest-api.md, Addresses and parameters).
import { describe, expect, test } from 'vitest';
import { TargetError, parseTarget } from '../../../../src/shared/rest';

describe('parseTarget', () => {
  test('parameters start at the first ? or &', () => {
    expect(parseTarget('/set/Sun/Mars&data=1')).toEqual({ path: '/set/Sun/Mars', params: { data: '1' } });
    expect(parseTarget('/entity/ecs/core/World&label=true')).toEqual({ path: '/entity/ecs/core/World', params: { label: 'true' } });
    expect(parseTarget('/entity/Sun?values=true&label=true').params).toEqual({ values: 'true', label: 'true' });
  });

  test('a second ? also starts a parameter; the first occurrence of a name wins', () => {
    expect(parseTarget('/query?q=Planet?limit=1').params).toEqual({ q: 'Planet', limit: '1' });
    expect(parseTarget('/entity/X?values=true&values=false').params).toEqual({ values: 'true' });
  });

  test('values are form-decoded: %XX and + as a space; = inside a value is kept', () => {
    expect(parseTarget('/query?q=Position,+Velocity').params.q).toBe('Position, Velocity');
    expect(parseTarget('/query?q=Position%2C%20Velocity%2B').params.q).toBe('Position, Velocity+');
    expect(parseTarget('/query?q=a&limit=2=5').params.limit).toBe('2=5');
    expect(parseTarget('/query?q=%C3%84pfel').params.q).toBe('Äpfel');
  });

  test('a parameter without = has an empty value; empty pieces are skipped', () => {
    expect(parseTarget('/entity/X?values&&label=true')).toEqual({ path: '/entity/X', params: { values: '', label: 'true' } });
  });

  test('names such as constructor and __proto__ are ordinary parameters', () => {
    const p = parseTarget('/entity/X?constructor=1&__proto__=2').params;
    expect(p.constructor).toBe('1');
    expect(Object.keys(p)).toEqual(['constructor', '__proto__']);
  });

  test('the path stays encoded; an absolute-form target loses its origin', () => {
    expect(parseTarget('/entity/Sun%2FEarth').path).toBe('/entity/Sun%2FEarth');
    expect(parseTarget('http://localhost:27750/entity/Sun?x=1')).toEqual({ path: '/entity/Sun', params: { x: '1' } });
  });

  test('malformed percent-encoding is an error that names the parameter', () => {
    expect(() => parseTarget('/query?q=%E0%A4%A')).toThrow(TargetError);
    expect(() => parseTarget('/query?q=%E0%A4%A')).toThrow(/parameter 'q'/);
  });
});
