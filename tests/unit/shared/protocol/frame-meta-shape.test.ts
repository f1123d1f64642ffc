// The viewport draws names and the paused state only from a well-formed meta message: each field
// of the wrong kind makes the whole message unusable (parseMetaMessage gives undefined), and a
// frame acknowledgement needs a finite frame number. (Survivors of the protocol mutation run.)
import { describe, expect, test } from 'vitest';
import { isFrameAck, isMetaMessage, parseMetaMessage } from '../../../../src/shared/protocol';

const good = {
  type: 'meta', title: 'demo',
  entities: [{ id: 5, name: 'Moon', path: 'Sun.Earth.Moon', label: 'Luna' }, { id: 6, name: 'Sun', path: 'Sun' }],
  time: { paused: true, time_scale: 0.5 },
};
const json = (v: unknown) => JSON.stringify(v);

describe('meta message shape', () => {
  test('a well-formed message parses to the same value, with or without time', () => {
    expect(parseMetaMessage(json(good))).toEqual(good);
    const { time: _time, ...untimed } = good;
    expect(parseMetaMessage(json(untimed))).toEqual(untimed);
  });

  test.each([
    ['not an object', 42],
    ['null', null],
    ['another type', { ...good, type: 'frame' }],
    ['a title that is not text', { ...good, title: 3 }],
    ['entities that are not a list', { ...good, entities: {} }],
    ['time that is null', { ...good, time: null }],
    ['time that is not an object', { ...good, time: 'paused' }],
    ['paused that is not a boolean', { ...good, time: { paused: 'yes', time_scale: 1 } }],
    ['time_scale that is not a number', { ...good, time: { paused: false, time_scale: '1' } }],
    ['an entity that is null', { ...good, entities: [null] }],
    ['an entity that is not an object', { ...good, entities: ['Moon'] }],
    ['an entity id that is not a number', { ...good, entities: [{ id: '5', name: 'Moon', path: 'Moon' }] }],
    ['an entity name that is not text', { ...good, entities: [{ id: 5, name: 1, path: 'Moon' }] }],
    ['an entity path that is not text', { ...good, entities: [{ id: 5, name: 'Moon', path: null }] }],
    ['a label that is not text', { ...good, entities: [{ id: 5, name: 'Moon', path: 'Moon', label: 7 }] }],
  ])('refused: %s', (_what, value) => {
    expect(isMetaMessage(value)).toBe(false);
    expect(parseMetaMessage(json(value))).toBeUndefined();
  });

  test('text that is not JSON is refused, not thrown', () => {
    expect(parseMetaMessage('{"type":"meta"')).toBeUndefined();
  });
});

describe('frame acknowledgement', () => {
  test('needs an object with a finite frame number', () => {
    expect(isFrameAck({ ack: 12 })).toBe(true);
    expect(isFrameAck({ ack: Infinity })).toBe(false);
    expect(isFrameAck({ ack: '12' })).toBe(false);
    expect(isFrameAck({})).toBe(false);
    expect(isFrameAck(null)).toBe(false);
    expect(isFrameAck(12)).toBe(false);
  });
});
