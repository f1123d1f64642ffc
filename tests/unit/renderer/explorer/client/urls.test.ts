import { describe, expect, it } from 'vitest';
import {
  ROOTS_QUERY, childrenQuery, entityActionUrl, entityUrl, queryUrl, ALL_ENTITIES_QUERY, setUrl, statsUrl, treeLevelUrl,
} from '../../../../../src/renderer/explorer/client/urls';

function params(url: string): URLSearchParams {
  return new URLSearchParams(url.slice(url.indexOf('?') + 1));
}

describe('request URLs', () => {
  it('asks /entity only for the parts that are on', () => {
    expect(entityUrl('Sun.Earth')).toBe('/entity/Sun/Earth');
    expect(entityUrl('Sun.Earth', { label: true, values: true, brief: false })).toBe('/entity/Sun/Earth?label=true&values=true');
    expect(entityUrl('Ship1', { base: false })).toBe('/entity/Ship1?base=false');
  });

  it('encodes the query expression so the server reads it back unchanged', () => {
    const q = 'Position, ?Mass, (Eats, $food), $this ~= "a&b"';
    const url = queryUrl({ q }, { flags: ['values', 'duration'], offset: 20, limit: 10 });
    expect(url.startsWith('/query?q=')).toBe(true);
    const p = params(url);
    expect(p.get('q')).toBe(q);
    expect(p.get('values')).toBe('true');
    expect(p.get('duration')).toBe('true');
    expect(p.get('offset')).toBe('20');
    expect(p.get('limit')).toBe('10');
  });

  it('runs named rules with variables as name=…&vars=a:X,b:Y', () => {
    expect(queryUrl({ name: 'ShipsHeadingTo', vars: [['planet', 'Earth']] })).toBe('/query?name=ShipsHeadingTo&vars=planet:Earth');
    expect(queryUrl({ name: 'R', vars: [['a', 'X'], ['b', 'Sun.Earth']] })).toBe('/query?name=R&vars=a:X,b:Sun.Earth');
    expect(queryUrl({ name: 'Move' })).toBe('/query?name=Move');
  });

  it('queries tree levels with disabled entities and prefabs included', () => {
    expect(ROOTS_QUERY).toBe('!(ecs.core.ChildOf, *), ?ecs.core.Disabled, ?ecs.core.Prefab, ?ecs.core.Component, ?ecs.core.Module, ?ecs.core.Query, ?ecs.core.Tag');
    expect(childrenQuery('Sun.Earth')).toBe('(ecs.core.ChildOf, Sun.Earth), ?ecs.core.Disabled, ?ecs.core.Prefab, ?ecs.core.Component, ?ecs.core.Module, ?ecs.core.Query, ?ecs.core.Tag');
    expect(childrenQuery('Belt.384')).toBe('(ecs.core.ChildOf, 384), ?ecs.core.Disabled, ?ecs.core.Prefab, ?ecs.core.Component, ?ecs.core.Module, ?ecs.core.Query, ?ecs.core.Tag');
    const p = params(treeLevelUrl(childrenQuery('Sun'), 100));
    expect(p.get('q')).toBe('(ecs.core.ChildOf, Sun), ?ecs.core.Disabled, ?ecs.core.Prefab, ?ecs.core.Component, ?ecs.core.Module, ?ecs.core.Query, ?ecs.core.Tag');
    expect(p.get('is_set')).toBe('true');
    expect(p.get('entity_labels')).toBe('true');
    expect(p.get('colors')).toBe('true');
    expect(p.get('limit')).toBe('100');
  });

  it('searches over the list of every entity, with the same flags', () => {
    expect(ALL_ENTITIES_QUERY).toBe('?ecs.core.Disabled, ?ecs.core.Prefab, ?ecs.core.Component, ?ecs.core.Module, ?ecs.core.Query, ?ecs.core.Tag');
  });

  it('puts the set payload as encoded JSON in data', () => {
    const url = setUrl('Sun.Mars', { ids: [['Position']], values: [{ x: 1.5 }] });
    expect(url.startsWith('/set/Sun/Mars?data=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.slice(url.indexOf('=') + 1)))).toEqual({ ids: [['Position']], values: [{ x: 1.5 }] });
    expect(url).not.toMatch(/[{}"[\] ]/);
  });

  it('builds the mutation and stats endpoints', () => {
    expect(entityActionUrl('disable', 'Sun.Mars')).toBe('/disable/Sun/Mars');
    expect(entityActionUrl('delete', '847')).toBe('/delete/847');
    expect(statsUrl('pipeline', '1m')).toBe('/stats/pipeline/1m');
  });
});
