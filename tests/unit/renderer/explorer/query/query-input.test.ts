import { describe, expect, it } from 'vitest';
import { namedQueryText, parseQueryInput } from '../../../../../src/renderer/explorer/query/query-input';
import { queryUrl } from '../../../../../src/renderer/explorer/client/urls';

describe('the query box input', () => {
  it('passes a DSL query through unchanged', () => {
    expect(parseQueryInput('Position, (Eats, $food)')).toEqual({ kind: 'query', q: 'Position, (Eats, $food)' });
    expect(parseQueryInput('   ')).toEqual({ kind: 'empty' });
  });

  it('runs a named query with ?-Name', () => {
    expect(parseQueryInput('?-Move')).toEqual({ kind: 'named', name: 'Move', vars: [] });
    expect(parseQueryInput('  ?- ecs.rest.DequeueRest ')).toEqual({ kind: 'named', name: 'ecs.rest.DequeueRest', vars: [] });
    expect(parseQueryInput('?-Planets()')).toEqual({ kind: 'named', name: 'Planets', vars: [] });
  });

  it('turns rule arguments into vars, one or several', () => {
    const one = parseQueryInput('?-ShipsHeadingTo(planet: Earth)');
    expect(one).toEqual({ kind: 'named', name: 'ShipsHeadingTo', vars: [['planet', 'Earth']] });
    if (one.kind === 'named') expect(queryUrl({ name: one.name, vars: one.vars })).toBe('/query?name=ShipsHeadingTo&vars=planet:Earth');
    const two = parseQueryInput('?-R(a: X, $b:Sun.Earth)');
    expect(two).toEqual({ kind: 'named', name: 'R', vars: [['a', 'X'], ['b', 'Sun.Earth']] });
    if (two.kind === 'named') expect(queryUrl({ name: two.name, vars: two.vars })).toBe('/query?name=R&vars=a:X,b:Sun.Earth');
  });

  it('points at the mistake in malformed arguments', () => {
    expect(parseQueryInput('?-R(planet Earth)')).toMatchObject({ kind: 'error', position: 11 });
    expect(parseQueryInput('?-R(planet: Earth')).toMatchObject({ kind: 'error', message: expect.stringContaining("missing ')'"), position: 17 });
    expect(parseQueryInput('?-')).toMatchObject({ kind: 'error', position: 2 });
    expect(parseQueryInput('?-R(a: X, a: Y)')).toMatchObject({ kind: 'error', message: expect.stringContaining('twice') });
    expect(parseQueryInput('  ?-R x')).toMatchObject({ kind: 'error', position: 6 });
  });

  it('writes the box text for a named query', () => {
    expect(namedQueryText('ShipsHeadingTo', [['planet', 'Earth']])).toBe('?-ShipsHeadingTo(planet: Earth)');
    expect(namedQueryText('Move')).toBe('?-Move');
  });
});
