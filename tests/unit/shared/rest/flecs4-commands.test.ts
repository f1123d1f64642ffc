/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads replies as parsed JSON of known shape */
// The Flecs 4 Commands page's recorder: each flush of the deferred queue is a sync of the frame it
// ran in, its commands in order with kind, entity, id, whether the entity was alive and the next
// command for the same entity; frames older than a minute (3600 frames) are dropped.
import { expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { runApp } from '../../../../src/shared/app';
import { createRouter } from '../../../../src/shared/rest';

function recorded() {
  const world = new World();
  const app = runApp(world, { target_fps: 60, manual: true, args: ['C'] });
  const Tag = world.tag('Tag');
  const Mass = world.component('Mass', { value: 'f32' });
  const router = createRouter(world, { compat: 'flecs-4', app });
  const get = (url: string): { status: number; json: any } => { const r = router.route('GET', url); return { status: r.status, json: JSON.parse(r.body) }; };
  return { world, app, Tag, Mass, get };
}

test('one sync per flush: the commands in order, chained per entity; a deleted entity by id', () => {
  const { world, app, Tag, Mass, get } = recorded();
  app.step(1 / 60);
  const keep = world.entity('Keep');
  const gone = world.entity('Gone');
  world.deferBegin();
  world.add(keep, Tag);
  world.add(gone, Tag);
  world.set(keep, Mass, { value: 2 });
  world.delete(gone);
  world.remove(keep, Tag);
  world.deferEnd();
  world.deferBegin();
  world.add(keep, Tag);
  world.deferEnd();
  const frame = get('/commands/capture').json.frame;
  expect(frame).toBe(1);
  expect(get(`/commands/frame/${frame}`).json).toEqual({ syncs: [
    { commands: [
      { kind: 'add', entity: 'Keep', id: 'Tag', is_alive: true, next_for_entity: 2 },
      { kind: 'add', entity: `#${gone}`, id: 'Tag', is_alive: true, next_for_entity: 3 },
      { kind: 'set', entity: 'Keep', id: 'Mass', is_alive: true, next_for_entity: 4 },
      { kind: 'delete', entity: `#${gone}`, is_alive: true, next_for_entity: 0 },
      { kind: 'remove', entity: 'Keep', id: 'Tag', is_alive: true, next_for_entity: 0 },
    ], duration: 0 },
    { commands: [{ kind: 'add', entity: 'Keep', id: 'Tag', is_alive: true, next_for_entity: 0 }], duration: 0 },
  ] });
});

test('frames: a later one is not recorded yet; the last 3600 are kept, older ones dropped', () => {
  const { world, app, Tag, get } = recorded();
  const e = world.entity('E');
  const flush = () => { world.deferBegin(); world.add(e, Tag); world.remove(e, Tag); world.deferEnd(); };
  app.step(1 / 60);
  flush();
  expect(get('/commands/frame/2').status).toBe(404);
  for (let i = 0; i < 3599; i++) app.step(1 / 60);
  flush();
  expect(get('/commands/capture').json.frame).toBe(3600);
  expect(get('/commands/frame/1').json.syncs).toHaveLength(1);
  app.step(1 / 60);
  flush();
  expect(get('/commands/frame/1')).toEqual({ status: 404, json: { error: 'frame 1 is not recorded: frames of the last minute are kept; ask /commands/capture for the latest' } });
  expect(get('/commands/frame/3601').json.syncs).toHaveLength(1);
});
