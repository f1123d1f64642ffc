// renameRoot: the one text-level translation between the world's root module (ecs) and the
// reference's (flecs), used by the Flecs 4 dialect and by the explorer.
import { describe, expect, test } from 'vitest';
import { REFERENCE_ROOT, WORLD_ROOT, renameRoot } from '../../../../src/shared/protocol/constants';

const toReference = (text: string) => renameRoot(text, WORLD_ROOT, REFERENCE_ROOT);
const toWorld = (text: string) => renameRoot(text, REFERENCE_ROOT, WORLD_ROOT);

describe('renameRoot', () => {
  test('renames the root where a name starts with it, in expressions and in JSON', () => {
    expect(toReference('ecs.core.Module, !ecs.core.Prefab')).toBe('flecs.core.Module, !flecs.core.Prefab');
    expect(toReference('(ChildOf, ecs)')).toBe('(ChildOf, flecs)');
    expect(toReference('{"unit":"ecs.units.Length.Meters"}')).toBe('{"unit":"flecs.units.Length.Meters"}');
    expect(toWorld('["flecs.core.ChildOf","Sun"]')).toBe('["ecs.core.ChildOf","Sun"]');
    expect(toWorld('{"parent":"flecs"}')).toBe('{"parent":"ecs"}');
    expect(toWorld('flecs.core.World')).toBe('ecs.core.World');
  });

  test('leaves names that only contain the root alone', () => {
    for (const text of ['flecsy', 'Sun.flecs', '$flecs', '#flecs.x', 'my_flecs.x', 'flecs_x']) expect(toWorld(text)).toBe(text);
    for (const text of ['ecstatic', 'Sun.ecs', 'specs.x', '$ecs']) expect(toReference(text)).toBe(text);
  });
});
