// Every world-building action of the explorer and its undo, sent to a real router on the
// reference world: the action changes what it says, and its undo brings back the exact world
// before (every entity's ids, values, name and parent, compared through GET /world).
import { describe, expect, test } from 'vitest';
import { addStep, createStep, removeStep, renameStep, type BuildRequest, type BuildStep } from '../../../../../src/renderer/explorer/inspector/build-steps';
import { setup } from '../../../shared/rest/helpers';
import { snapshotOf } from '../../../shared/rest/world-snapshot';

type World = ReturnType<typeof setup>;

function send(w: World, r: BuildRequest) {
  const reply = w.call(r.method, r.url);
  expect(reply.status, `${r.method} ${r.url}: ${JSON.stringify(reply.json)}`).toBe(200);
}

/** Runs the step, checks `changed` on the result, undoes it and compares the whole world with before. */
function roundTrip(w: World, step: BuildStep, changed: () => void) {
  const before = snapshotOf(w.get);
  send(w, step.request);
  expect(snapshotOf(w.get)).not.toEqual(before);
  changed();
  if (step.after) expect(w.get(`/entity/${step.after.replaceAll('.', '/')}`).status).toBe(200);
  send(w, step.undo);
  expect(snapshotOf(w.get), `undo of ${step.label}`).toEqual(before);
  if (step.afterUndo) expect(w.get(`/entity/${step.afterUndo.replaceAll('.', '/')}`).status).toBe(200);
}

const ids = (w: World, path: string): string[] => w.get(`/entity/${path}`).json.ids.map((i: string[]) => i.join(','));
const valueOf = (w: World, path: string, id: string): unknown => {
  const e = w.get(`/entity/${path}?values=true`).json;
  return e.values[e.ids.findIndex((i: string[]) => i.join(',') === id)];
};

describe('build steps and their undo', () => {
  test('create a child, and a root entity', () => {
    const w = setup();
    roundTrip(w, createStep('Sun.Earth', 'Probe'), () => expect(w.get('/entity/Sun/Earth/Probe').status).toBe(200));
    roundTrip(w, createStep(undefined, 'Probe'), () => expect(w.get('/entity/Probe').status).toBe(200));
    // At the root while Sun.Mars is shown: the undo goes back to it; with nothing shown, to none.
    roundTrip(w, createStep(undefined, 'Probe', 'Sun.Mars'), () => expect(w.get('/entity/Probe').json).toEqual({ path: 'Probe', ids: [] }));
    expect(createStep(undefined, 'Probe', 'Sun.Mars').afterUndo).toBe('Sun.Mars');
    expect(createStep(undefined, 'Probe', '').afterUndo).toBe('');
    expect(createStep('Sun', 'Probe').afterUndo).toBe('Sun');
  });

  test('add a component at its defaults, one with a value, a tag and a pair', () => {
    const w = setup();
    roundTrip(w, addStep('Sun.Mars', 'Velocity'), () => expect(valueOf(w, 'Sun/Mars', 'Velocity')).toEqual({ x: 0, y: 0 }));
    roundTrip(w, addStep('Comet', 'Mass', '{"value": 7.5}'), () => expect(valueOf(w, 'Comet', 'Mass')).toEqual({ value: 7.5 }));
    // Some members given: the others at their reflected defaults.
    roundTrip(w, addStep('Sun.Mars', 'Velocity', '{"y": -2.5}'), () => expect(valueOf(w, 'Sun/Mars', 'Velocity')).toEqual({ x: 0, y: -2.5 }));
    roundTrip(w, addStep('Sun.Mars', 'Enemy'), () => expect(ids(w, 'Sun/Mars')).toContain('Enemy'));
    roundTrip(w, addStep('Sun.Mars', '(Eats,Sun.Earth)'), () => expect(ids(w, 'Sun/Mars')).toContain('Eats,Sun.Earth'));
  });

  test('add with a value to an entity that owns the id already: the undo puts back the value it had', () => {
    const w = setup();
    const had = valueOf(w, 'Sun/Earth', 'Velocity');
    const step = addStep('Sun.Earth', 'Velocity', '{"x": 4, "y": 5}', { value: had });
    expect(step.undo.method).toBe('PUT');
    roundTrip(w, step, () => expect(valueOf(w, 'Sun/Earth', 'Velocity')).toEqual({ x: 4, y: 5 }));
    expect(valueOf(w, 'Sun/Earth', 'Velocity')).toEqual(had);
  });

  test('remove a component (its value comes back), a tag and a pair', () => {
    const w = setup();
    // Opaque components are left out: their values are not readable over REST (they print as 0).
    for (const [id, shown, data] of [['Mass', 'Mass', true], ['Velocity', 'Velocity', true], ['Planet', 'Planet', false], ['(Eats,Apples)', 'Eats,Apples', false]] as const) {
      const value = data ? valueOf(w, 'Sun/Earth', shown) : undefined;
      roundTrip(w, removeStep('Sun.Earth', id, value), () => expect(ids(w, 'Sun/Earth')).not.toContain(shown));
    }
    w.put(`/set/Sun/Earth?data=${encodeURIComponent('{"ids":[["Velocity"]],"values":[{"x":0.1,"y":-3.25}]}')}`);
    roundTrip(w, removeStep('Sun.Earth', 'Velocity', valueOf(w, 'Sun/Earth', 'Velocity')), () => expect(ids(w, 'Sun/Earth')).not.toContain('Velocity'));
  });

  test('rename an entity with children: the children follow and come back', () => {
    const w = setup();
    const step = renameStep('Sun.Earth', 'Terra');
    expect(step.after).toBe('Sun.Terra');
    roundTrip(w, step, () => expect(w.get('/entity/Sun/Terra/Moon').status).toBe(200));
  });
});
