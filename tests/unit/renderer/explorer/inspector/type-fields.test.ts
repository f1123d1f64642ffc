import { describe, expect, it } from 'vitest';
import { fieldsOf, valueAt } from '../../../../../src/renderer/explorer/inspector/type-fields';
import { captureBody } from '../capture';

describe('fieldsOf', () => {
  it('types each member from type_info: int vs float, enums with their constants', () => {
    const reply = captureBody<{ values: unknown[]; type_info: unknown[] }>('055-entity-position-full.json');
    expect(fieldsOf(reply.type_info[0], reply.values[0])).toEqual([
      { path: ['size'], label: 'size', kind: 'int' },
      { path: ['alignment'], label: 'alignment', kind: 'int' },
    ]);
    const kind = fieldsOf(reply.type_info[1], reply.values[1]);
    expect(kind).toHaveLength(1);
    expect(kind[0]).toMatchObject({ kind: 'enum', options: ['PrimitiveType', 'BitmaskType', 'EnumType', 'StructType', 'ArrayType', 'VectorType', 'OpaqueType'] });
  });

  it('shows units of members', () => {
    const reply = captureBody<{ values: unknown[]; type_info: unknown[] }>('018-entity-world-all.json');
    const fields = fieldsOf(reply.type_info[0], reply.values[0]);
    expect(fields.find((f) => f.label === 'target_fps')).toMatchObject({ kind: 'float', symbol: 'Hz', unit: 'ecs.units.Frequency.Hertz' });
    expect(fields.find((f) => f.label === 'frame_time_last')).toMatchObject({ symbol: 's' });
  });

  it('walks nested structs and arrays, and text, bool and entity members', () => {
    const info = { pos: { x: ['float'] }, path: ['array', ['int'], 2], name: ['text'], on: ['bool'], target: ['entity'] };
    const value = { pos: { x: 1 }, path: [3, 4], name: 'n', on: true, target: 'Sun' };
    expect(fieldsOf(info, value).map((f) => [f.label, f.kind])).toEqual([
      ['pos.x', 'float'], ['path[0]', 'int'], ['path[1]', 'int'], ['name', 'text'], ['on', 'bool'], ['target', 'entity'],
    ]);
    expect(valueAt(value, ['path', 1])).toBe(4);
  });

  it('falls back to the value when there is no reflection data, and has no fields for tags', () => {
    expect(fieldsOf(undefined, { x: 1, on: false }).map((f) => f.kind)).toEqual(['float', 'bool']);
    expect(fieldsOf(0, 0)).toEqual([]);
  });
});
