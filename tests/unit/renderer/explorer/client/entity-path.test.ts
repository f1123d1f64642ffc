import { describe, expect, it } from 'vitest';
import {
  ancestorPaths, childPath, displayName, entityUrlPath, isBuiltinPath, parentPath, queryRef,
} from '../../../../../src/renderer/explorer/client/entity-path';

describe('entity paths', () => {
  it('writes dotted paths as REST URL paths, each level percent-encoded', () => {
    expect(entityUrlPath('Sun.Earth')).toBe('Sun/Earth');
    expect(entityUrlPath('ecs.core.World')).toBe('ecs/core/World');
    expect(entityUrlPath('Ship "one"')).toBe('Ship%20%22one%22');
    expect(entityUrlPath('a?b&c#d')).toBe('a%3Fb%26c%23d');
    expect(entityUrlPath('Äpfel')).toBe('%C3%84pfel');
  });

  it('builds the path of a query result entity from the table parent and the name or id', () => {
    expect(childPath('Sun', 'Earth')).toBe('Sun.Earth');
    expect(childPath(undefined, 'Sun')).toBe('Sun');
    expect(childPath(undefined, 548)).toBe('548');
    expect(childPath('Sun.Earth', 1234)).toBe('Sun.Earth.1234');
  });

  it('names anonymous entities by id inside queries, named ones by path', () => {
    expect(queryRef('Sun.Earth')).toBe('Sun.Earth');
    expect(queryRef('Sun.1234')).toBe('1234');
    expect(queryRef('548')).toBe('548');
  });

  it('walks up the hierarchy', () => {
    expect(parentPath('Sun.Earth.Moon')).toBe('Sun.Earth');
    expect(parentPath('Sun')).toBeUndefined();
    expect(ancestorPaths('Sun.Earth.Moon')).toEqual(['Sun', 'Sun.Earth']);
    expect(ancestorPaths('Sun')).toEqual([]);
  });

  it('tells built-in entities and shows anonymous ones as #id', () => {
    expect(isBuiltinPath('ecs')).toBe(true);
    expect(isBuiltinPath('ecs.core.World')).toBe(true);
    expect(isBuiltinPath('ecsy')).toBe(false);
    expect(displayName('Sun.Earth')).toBe('Earth');
    expect(displayName('Belt.384')).toBe('#384');
  });
});
