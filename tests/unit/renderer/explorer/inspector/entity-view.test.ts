import { describe, expect, it } from 'vitest';
import { entityTitle, entityView } from '../../../../../src/renderer/explorer/inspector/entity-view';
import type { EntityReply } from '../../../../../src/renderer/explorer/client/reply-types';
import { captureBody } from '../capture';
import { setup } from '../../../shared/rest/helpers';

describe('entityView', () => {
  it('splits own components with values from tags and pairs, and keeps doc fields', () => {
    const v = entityView(captureBody<EntityReply>('034-entity-earth-all.json'), 'Sun.Earth');
    expect(v.path).toBe('Sun.Earth');
    expect(v.label).toBe('The Earth');
    expect(v.link).toBe('https://en.wikipedia.org/wiki/Earth');
    expect(v.color).toBe('#0000ff');
    expect(v.components.map((c) => c.id.join(','))).toContain('Position');
    expect(v.components.find((c) => c.id[0] === 'Position')).toMatchObject({ value: { x: 1, y: 0 }, typeInfo: { x: ['float'], y: ['float'] }, label: ['Pos'] });
    expect(v.tags.map((t) => t.id.join(','))).toEqual(expect.arrayContaining(['Opaque', 'Planet', 'Eats,Apples']));
    expect(v.tags.find((t) => t.id[0] === 'Eats')!.label).toEqual(['eats', 'Äpfel']);
    expect(v.matches).toEqual(['Move', 'Planets', 'EatsQuery', 'PlanetParent']);
    expect(v.disabled).toBe(false);
  });

  it('groups inherited components per base', () => {
    const v = entityView(captureBody<EntityReply>('048-entity-ship1-full.json'), 'Ship1');
    expect(v.bases).toHaveLength(1);
    expect(v.bases[0]!.path).toBe('SpaceShip');
    expect(v.bases[0]!.components[0]).toMatchObject({ id: ['Position'], value: { x: 1, y: 2 } });
    expect(v.components.map((c) => c.id[0])).toEqual(['Velocity']);
  });

  it('knows a disabled entity by ecs.core.Disabled', () => {
    expect(entityView(captureBody<EntityReply>('062-entity-anon-disabled-by-id.json'), '548').disabled).toBe(true);
  });

  it('lists alerts', () => {
    const v = entityView({ path: 'Ship3', alerts: [{ alert: 'LowFuelAlert', message: 'Ship3 is low on fuel', severity: 'Warning' }] }, 'Ship3');
    expect(v.alerts).toEqual([{ alert: 'LowFuelAlert', message: 'Ship3 is low on fuel', severity: 'Warning' }]);
  });

  it('titles an entity by its doc name only when that says more than its own name', () => {
    expect(entityTitle({ path: 'Sun.Earth', label: 'The Earth' })).toBe('The Earth');
    expect(entityTitle({ path: 'Sun.Mars', label: 'Mars' })).toBe('Mars');
    expect(entityTitle({ path: 'Sun.Mars' })).toBe('Mars');
    // The server names an anonymous entity by its bare id; the explorer shows ids as "#id".
    expect(entityTitle({ path: '416', label: '416' })).toBe('#416');
    expect(entityTitle({ path: 'Sun.416', label: 'Rock' })).toBe('Rock');
  });
});

describe('entityView referencedBy', () => {
  it('lists the entities pointing at this one by relationship, without children and empty groups', () => {
    const v = entityView({
      path: 'Sun.Mars', ids: [['Planet']],
      refs: { ChildOf: ['Sun.Mars.Phobos'], TravellingTo: ['Ship3', 'Ship7'], Eats: [] },
    }, 'Sun.Mars');
    expect(v.referencedBy).toEqual([['TravellingTo', ['Ship3', 'Ship7']]]);
  });

  it('leaves out the children in a reply of the router (refs are keyed by relationship name: ChildOf)', () => {
    const w = setup();
    expect(w.put('/component/Sun/Mars?component=(Eats,Sun)').status).toBe(200);
    const reply = w.get('/entity/Sun?refs=*').json as EntityReply;
    expect(Object.keys(reply.refs ?? {}).sort()).toEqual(['ChildOf', 'Eats']);
    expect(entityView(reply, 'Sun').referencedBy).toEqual([['Eats', ['Sun.Mars']]]);
  });
});
