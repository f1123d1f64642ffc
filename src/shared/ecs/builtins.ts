// Bootstrap of the built-in modules every world has: ecs.core, ecs.doc, ecs.meta, ecs.pipeline,
// ecs.system, ecs.rest. Built-ins are entities like any other (named, listable, inspectable) but
// cannot be deleted.
import type { ComponentInfo } from './component';
import type { CoreIds } from './core-ids';
import { PHASE_NAMES } from './core-ids';
import { entityIndex, makePair, type Entity, type Id } from './ids';
import { makeSchema, type SchemaSpec } from './schema';
import type { Table } from './table';

/** What marking built-ins needs of a world (the World has it; declared here so this file does not import world.ts). */
export interface BuiltinMarks {
  /** Entity indices of built-in entities. */
  readonly builtin: Set<number>;
  childrenOf(e: Entity): readonly Entity[];
}

/** What the bootstrap needs of a world: the World has all of it. */
interface BootstrapTarget extends BuiltinMarks {
  core: CoreIds;
  readonly components: Map<number, ComponentInfo>;
  readonly tables: ReadonlyMap<number, Table>;
  newEntity(opts?: { low?: boolean }): Entity;
  add(e: Entity, id: Id): void;
  set(e: Entity, id: Id, value: unknown): void;
  setName(e: Entity, name: string | undefined): void;
  setDoc(e: Entity, field: 'brief', text: string): void;
  componentInfo(id: Id): ComponentInfo | undefined;
}

const BUILTIN_COMPONENTS: Record<'Component' | 'Description' | 'MetaType' | 'Rest', SchemaSpec> = {
  Component: { size: 'i32', alignment: 'i32' },
  Description: { value: 'string' },
  MetaType: { kind: { enum: ['PrimitiveType', 'BitmaskType', 'EnumType', 'StructType', 'ArrayType', 'VectorType', 'OpaqueType'] } },
  Rest: { port: { type: 'u16', default: 27750 }, address: { type: 'string', default: '127.0.0.1' } },
};

/** Creates the built-in entities and sets `world.core`. */
export function bootstrap(world: BootstrapTarget): void {
  const low = () => world.newEntity({ low: true });
  const ent = () => world.newEntity();
  // Components take low ids, so they sort first in every type (as in the reference engine).
  const Component = low(), Description = low(), MetaType = low(), Rest = low();
  const World = ent();
  const ids = {
    Component, Description, MetaType, Rest, World,
    ecs: ent(), coreModule: ent(), Identifier: ent(), Name: ent(), ChildOf: ent(), IsA: ent(), DependsOn: ent(),
    Prefab: ent(), Disabled: ent(), Module: ent(), Private: ent(), Final: ent(), DontInherit: ent(), Tag: ent(),
    Exclusive: ent(), Acyclic: ent(), Traversable: ent(), OnDelete: ent(), OnDeleteTarget: ent(), Delete: ent(),
    Remove: ent(), Panic: ent(), Wildcard: ent(), Any: ent(), This: ent(), Variable: ent(), Query: ent(), Observer: ent(),
    docModule: ent(), Brief: ent(), Link: ent(), Color: ent(),
    metaModule: ent(), MetaTypeSerialized: ent(), Struct: ent(),
    pipelineModule: ent(), Phase: ent(),
    OnLoad: ent(), PostLoad: ent(), PreUpdate: ent(), OnUpdate: ent(), OnValidate: ent(), PostUpdate: ent(), PreStore: ent(), OnStore: ent(),
    systemModule: ent(), System: ent(), restModule: ent(),
  } satisfies CoreIds;
  world.core = ids;

  const paths: Record<string, string> = {
    Component: 'core.Component', Description: 'doc.Description', MetaType: 'meta.MetaType', Rest: 'rest.Rest',
  };
  for (const name of Object.keys(BUILTIN_COMPONENTS) as (keyof typeof BUILTIN_COMPONENTS)[]) {
    const schema = makeSchema(BUILTIN_COMPONENTS[name]);
    world.components.set(entityIndex(ids[name]), { id: ids[name], name: `ecs.${paths[name]}`, schema, size: schema.size, alignment: schema.alignment });
  }

  const place = (e: Entity, name: string, parent: Entity) => {
    if (parent !== 0) world.add(e, makePair(ids.ChildOf, parent));
    world.setName(e, name);
  };
  place(ids.ecs, 'ecs', 0);
  place(ids.coreModule, 'core', ids.ecs);
  place(ids.docModule, 'doc', ids.ecs);
  place(ids.metaModule, 'meta', ids.ecs);
  place(ids.pipelineModule, 'pipeline', ids.ecs);
  place(ids.systemModule, 'system', ids.ecs);
  place(ids.restModule, 'rest', ids.ecs);
  for (const m of [ids.ecs, ids.coreModule, ids.docModule, ids.metaModule, ids.pipelineModule, ids.systemModule, ids.restModule]) {
    world.add(m, ids.Module);
    world.add(m, makePair(ids.OnDelete, ids.Panic));
  }

  const core: (keyof CoreIds)[] = ['World', 'Component', 'Identifier', 'Name', 'ChildOf', 'IsA', 'DependsOn', 'Prefab', 'Disabled',
    'Module', 'Private', 'Final', 'DontInherit', 'Tag', 'Exclusive', 'Acyclic', 'Traversable', 'OnDelete', 'OnDeleteTarget',
    'Delete', 'Remove', 'Panic', 'Query', 'Observer'];
  for (const k of core) place(ids[k], k, ids.coreModule);
  place(ids.Wildcard, '*', ids.coreModule);
  place(ids.Any, '_', ids.coreModule);
  place(ids.This, 'this', ids.coreModule);
  place(ids.Variable, '$', ids.coreModule);
  place(ids.Description, 'Description', ids.docModule);
  place(ids.Brief, 'Brief', ids.docModule);
  place(ids.Link, 'Link', ids.docModule);
  place(ids.Color, 'Color', ids.docModule);
  place(ids.MetaType, 'MetaType', ids.metaModule);
  place(ids.MetaTypeSerialized, 'MetaTypeSerialized', ids.metaModule);
  place(ids.Struct, 'Struct', ids.metaModule);
  place(ids.Phase, 'Phase', ids.pipelineModule);
  for (const p of PHASE_NAMES) {
    place(ids[p], p, ids.pipelineModule);
    world.add(ids[p], ids.Phase);
  }
  place(ids.System, 'System', ids.systemModule);
  place(ids.Rest, 'Rest', ids.restModule);

  // Traits of the built-in relationships.
  for (const t of [ids.Private, ids.Final, ids.DontInherit, ids.Tag, ids.Exclusive, ids.Acyclic, ids.Traversable]) world.add(ids.ChildOf, t);
  world.add(ids.ChildOf, makePair(ids.OnDeleteTarget, ids.Delete));
  for (const t of [ids.Private, ids.Final, ids.Tag, ids.Acyclic, ids.Traversable]) world.add(ids.IsA, t);
  for (const t of [ids.Private, ids.Final]) world.add(ids.Identifier, t);
  world.add(ids.Description, ids.Private);
  world.add(ids.DependsOn, ids.Acyclic);
  // Being a prefab or disabled is a property of the entity itself, not something instances inherit.
  world.add(ids.Prefab, ids.DontInherit);
  world.add(ids.Disabled, ids.DontInherit);
  world.add(ids.DependsOn, ids.Traversable);

  // The built-in components carry the same reflection ids as user components.
  for (const name of Object.keys(BUILTIN_COMPONENTS) as (keyof typeof BUILTIN_COMPONENTS)[]) {
    const info = world.componentInfo(ids[name])!;
    world.set(ids[name], ids.Component, { size: info.size, alignment: info.alignment });
    world.set(ids[name], ids.MetaType, { kind: 'StructType' });
    world.add(ids[name], ids.MetaTypeSerialized);
    world.add(ids[name], ids.Struct);
    world.add(ids[name], makePair(ids.OnDelete, ids.Panic));
  }
  world.setDoc(ids.World, 'brief', 'Entity associated with the world');

  markBuiltins(world);
}

function markBuiltins(world: BootstrapTarget): void {
  for (const table of world.tables.values()) for (const e of table.entities) world.builtin.add(entityIndex(e));
}

/** Marks a module and everything under it as built-in (modules imported later call this). */
export function markBuiltinTree(world: BuiltinMarks, root: Entity): void {
  world.builtin.add(entityIndex(root));
  for (const child of world.childrenOf(root)) markBuiltinTree(world, child);
}
