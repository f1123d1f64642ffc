// resolveWritable: the one place the write endpoints resolve their path and refuse built-ins.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { FLECS_NAMES, WORLD_NAMES } from '../../../../src/shared/json';
import { resolveWritable } from '../../../../src/shared/rest/common/entity-path';

describe('resolveWritable', () => {
  test('an entity of the app is writable and not built in', () => {
    const w = new World(), e = w.entity('Ship');
    expect(resolveWritable(w, 'Ship', 'delete', undefined, WORLD_NAMES)).toEqual({ entity: e, builtin: false });
  });

  test('a path that names nothing is the 404 of resolveEntity', () => {
    const r = resolveWritable(new World(), 'Nowhere', 'delete', undefined, WORLD_NAMES);
    expect('reply' in r && r.reply.status).toBe(404);
  });

  test('a built-in is refused with 403 naming the action, unless the caller lets it through', () => {
    const w = new World();
    const r = resolveWritable(w, 'ecs/core/World', 'disable', undefined, WORLD_NAMES);
    expect('reply' in r && r.reply.status).toBe(403);
    expect('reply' in r && r.reply.error).toBe("cannot disable 'ecs.core.World': it is built in (under ecs) and can be read but not changed");
    const seen: number[] = [];
    const allowed = resolveWritable(w, 'ecs/core/World', 'set components on', (e) => { seen.push(e); return true; }, WORLD_NAMES);
    expect(allowed).toEqual({ entity: w.core.World, builtin: true });
    expect(seen).toEqual([w.core.World]);
  });

  test('the refusal speaks the dialect: flecs names under --compat', () => {
    const r = resolveWritable(new World(), 'ecs/core/World', 'disable', undefined, FLECS_NAMES);
    expect('reply' in r && r.reply.error).toBe("cannot disable 'flecs.core.World': it is built in (under flecs) and can be read but not changed");
  });
});
