// What a /query without parameters answers, part by part: a client that asks for nothing gets the
// entities (and the variables, for a query with some), and every other part only when it asks for
// it. A default flipped in the parameter table (rest-params.ts) would change every such reply.
import { describe, expect, test } from 'vitest';
import { setup } from './helpers';

const { get } = setup();
const keys = (url: string) => {
  const j = get(url).json;
  return { top: Object.keys(j).sort(), result: Object.keys(j.results[0]).sort() };
};

describe('/query answers only the default parts unless asked', () => {
  test('no parameter: results of parent and entities; a query with variables adds the variables', () => {
    expect(keys('/query?q=Planet')).toEqual({ top: ['results'], result: ['entities', 'parent'] });
    expect(keys('/query?q=(Eats,$f)')).toEqual({ top: ['results', 'variables'], result: ['entities', 'variables'] });
  });

  test('each part that is off by default appears when asked for', () => {
    const asked = keys('/query?q=Planet&term_labels=true&type_info=true&id_labels=true&entity_labels=true&colors=true');
    expect(asked.top).toEqual(['id_labels', 'results', 'type_info']);
    expect(asked.result).toEqual(['colors', 'entities', 'entity_labels', 'id_labels', 'parent']);
    const vars = keys('/query?q=(Eats,$f)&variable_labels=true&variable_ids=true');
    expect(vars.result.length).toBeGreaterThan(2);
    expect(vars.result).toEqual(expect.arrayContaining(['entities', 'variables']));
  });
});
