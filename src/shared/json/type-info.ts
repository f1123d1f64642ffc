// Reflection data of a component in the reference format: {"x": ["float"], "kind": ["enum", "A",
// "B"], "speed": ["float", {"unit": …, "symbol": …, "quantity": …}], "scale": ["float", {"range":
// [0, 16]}], "pos": {…}, "path": ["array", ["float"], 4]}; `0` for an id without reflection (tags, opaque components).
import { unitInfo, type Id, type LeafKind, type Schema, type TypeNode, type World } from '../ecs';
import { unreachable } from '../unreachable';
import { WORLD_NAMES, type DialectNames } from './dialect-names';

const KIND_NAMES: Record<LeafKind, string> = {
  f32: 'float', f64: 'float',
  i8: 'int', i16: 'int', i32: 'int', i64: 'int', u8: 'int', u16: 'int', u32: 'int', u64: 'int',
  bool: 'bool', string: 'text', entity: 'entity', enum: 'enum',
};

/** The type_info value of a schema (a plain JSON-ready object); unit paths in the names of `names`. */
export function schemaTypeInfo(world: World, schema: Schema, names: DialectNames = WORLD_NAMES): Record<string, unknown> {
  return nodeInfo(world, schema.root, names) as Record<string, unknown>;
}

function nodeInfo(world: World, node: TypeNode, names: DialectNames): unknown {
  switch (node.kind) {
    case 'struct': {
      const out: Record<string, unknown> = {};
      for (const m of node.members) out[m.name] = nodeInfo(world, m.type, names);
      return out;
    }
    case 'enum': return ['enum', ...node.constants];
    case 'array': return ['array', nodeInfo(world, node.elem, names), node.count];
    case 'primitive': {
      const info: unknown[] = [KIND_NAMES[node.prim]];
      const extra: Record<string, unknown> = {};
      if (node.unit !== undefined) {
        const u = unitInfo(world, node.unit);
        Object.assign(extra, { unit: names.printPath(u.unit), symbol: u.symbol, quantity: names.printPath(u.quantity) });
      }
      if (node.range !== undefined) extra.range = [...node.range];
      if (node.unit !== undefined || node.range !== undefined) info.push(extra);
      return info;
    }
    default: return unreachable(node, 'type node');
  }
}

/** Texts by schema, per dialect (the dialects print unit paths in their own names). */
const caches = new Map<DialectNames, WeakMap<Schema, string>>();

/** JSON text of the type_info of an id: its data type's reflection, or `0`. Cached per schema and dialect. */
export function typeInfoText(world: World, id: Id, names: DialectNames = WORLD_NAMES): string {
  const schema = world.isValidId(id) ? world.dataOf(id)?.schema : undefined;
  if (!schema) return '0';
  let cache = caches.get(names);
  if (cache === undefined) caches.set(names, (cache = new WeakMap()));
  let text = cache.get(schema);
  if (text === undefined) {
    text = JSON.stringify(schemaTypeInfo(world, schema, names));
    cache.set(schema, text);
  }
  return text;
}
