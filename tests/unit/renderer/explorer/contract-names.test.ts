import { describe, expect, it } from 'vitest';
import { replyInContractNames, toContractNames } from '../../../../src/renderer/explorer/client/contract-names';

describe('reading a compat host in the contract names', () => {
  it('renames the reference root module wherever a name starts, and nothing else', () => {
    const reply = '{"path":"flecs.core.World","ids":[["flecs.core.ChildOf","Sun"]],"type_info":{"flecs.app.TimeControl":0},'
      + '"q":"(flecs.core.ChildOf, $p), !flecs.core.Disabled","user":["flecsy","Sun.flecs","myflecs.x"],"root":"flecs"}';
    expect(JSON.parse(toContractNames(reply))).toEqual({
      path: 'ecs.core.World', ids: [['ecs.core.ChildOf', 'Sun']], type_info: { 'ecs.app.TimeControl': 0 },
      q: '(ecs.core.ChildOf, $p), !ecs.core.Disabled', user: ['flecsy', 'Sun.flecs', 'myflecs.x'], root: 'ecs',
    });
  });

  it('leaves a reply in the contract names as it is (the same object)', () => {
    const reply = { path: 'ecs.core.World', ids: [['Position']] };
    expect(replyInContractNames(reply)).toBe(reply);
    expect(replyInContractNames({ path: 'flecs.core.World' })).toEqual({ path: 'ecs.core.World' });
  });
});
