// resolveWritable: the one place the write endpoints resolve their path and refuse built-ins.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { FLECS_NAMES, WORLD_NAMES } from '../../../../src/shared/json';
import { resolveWritable } from '../../../../src/shared/rest/common/entity-path';

/** What the resolvers read of a request to PUT /delete/<path> in the names of `names`. */
const at = (world: World, names = WORLD_NAMES) => ({ world, names, endpoint: '/delete/<path>' });

describe('resolveWritable', () => {
  test('an entity of the app is writable and not built in', () => {
    const w = new World(), e = w.entity('Ship');
    expect(resolveWritable(at(w), 'delete', undefined, 'Ship')).toEqual({ entity: e, builtin: false });
  });

  test('a path that names nothing is the 404 of resolveEntity', () => {
    const r = resolveWritable(at(new World()), 'delete', undefined, 'Nowhere');
    expect('reply' in r && r.reply.status).toBe(404);
  });

  test('an empty path is a 404 that names the endpoint asked, with an example in its names', () => {
    const r = resolveWritable(at(new World(), FLECS_NAMES), 'delete', undefined, '');
    expect('reply' in r && r.reply.error).toBe("no entity path given: use /delete/<path>, e.g. /delete/flecs/core/World (levels separated by '/')");
  });

  test('a built-in is refused with 403 naming the action, unless the caller lets it through', () => {
    const w = new World();
    const r = resolveWritable(at(w), 'disable', undefined, 'ecs/core/World');
    expect('reply' in r && r.reply.status).toBe(403);
    expect('reply' in r && r.reply.error).toBe("cannot disable 'ecs.core.World': it is built in (under ecs) and can be read but not changed");
    const seen: number[] = [];
    const allowed = resolveWritable(at(w), 'set components on', (e) => { seen.push(e); return true; }, 'ecs/core/World');
    expect(allowed).toEqual({ entity: w.core.World, builtin: true });
    expect(seen).toEqual([w.core.World]);
  });

  test('the refusal speaks the dialect: flecs names under --compat', () => {
    const r = resolveWritable(at(new World(), FLECS_NAMES), 'disable', undefined, 'ecs/core/World');
    expect('reply' in r && r.reply.error).toBe("cannot disable 'flecs.core.World': it is built in (under flecs) and can be read but not changed");
  });
});
