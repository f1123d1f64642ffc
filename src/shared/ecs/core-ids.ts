import type { Entity } from './ids';

/** The built-in entities every world has (modules ecs.core, ecs.doc, ecs.meta, ecs.pipeline, ecs.system, ecs.rest). */
export interface CoreIds {
  /** Root module `ecs`. */ readonly ecs: Entity;
  /** Module `ecs.core`. */ readonly coreModule: Entity;
  readonly World: Entity;
  readonly Component: Entity;
  readonly Identifier: Entity;
  readonly Name: Entity;
  readonly ChildOf: Entity;
  readonly IsA: Entity;
  readonly DependsOn: Entity;
  readonly Prefab: Entity;
  readonly Disabled: Entity;
  readonly Module: Entity;
  readonly Private: Entity;
  readonly Final: Entity;
  readonly DontInherit: Entity;
  readonly Tag: Entity;
  readonly Exclusive: Entity;
  readonly Acyclic: Entity;
  readonly Traversable: Entity;
  readonly OnDelete: Entity;
  readonly OnDeleteTarget: Entity;
  readonly Delete: Entity;
  readonly Remove: Entity;
  readonly Panic: Entity;
  /** `*`: matches any id, one result per match. */ readonly Wildcard: Entity;
  /** `_`: matches any id, at most one result per entity. */ readonly Any: Entity;
  /** `this`: the default query source. */ readonly This: Entity;
  /** `$`: the variable/singleton marker. */ readonly Variable: Entity;
  /** Tag of named queries, filters and rules. */ readonly Query: Entity;
  /** Tag of observers. */ readonly Observer: Entity;
  /** Module `ecs.doc`. */ readonly docModule: Entity;
  /** Doc component `{ value: string }`, used as (Description, Name|Brief|Link|Color). */ readonly Description: Entity;
  readonly Brief: Entity;
  readonly Link: Entity;
  readonly Color: Entity;
  /** Module `ecs.meta`. */ readonly metaModule: Entity;
  /** Component `{ kind: enum }` on reflected components. */ readonly MetaType: Entity;
  readonly MetaTypeSerialized: Entity;
  readonly Struct: Entity;
  /** Module `ecs.pipeline`. */ readonly pipelineModule: Entity;
  readonly Phase: Entity;
  readonly OnLoad: Entity;
  readonly PostLoad: Entity;
  readonly PreUpdate: Entity;
  readonly OnUpdate: Entity;
  readonly OnValidate: Entity;
  readonly PostUpdate: Entity;
  readonly PreStore: Entity;
  readonly OnStore: Entity;
  /** Module `ecs.system`. */ readonly systemModule: Entity;
  /** Tag of systems. */ readonly System: Entity;
  /** Module `ecs.rest`. */ readonly restModule: Entity;
  /** Component `{ port: u16, address: string }`; set on the World to enable the REST interface. */ readonly Rest: Entity;
}

/** Pipeline phases in run order. */
export const PHASE_NAMES = ['OnLoad', 'PostLoad', 'PreUpdate', 'OnUpdate', 'OnValidate', 'PostUpdate', 'PreStore', 'OnStore'] as const;
/** A pipeline phase name. */
export type PhaseName = (typeof PHASE_NAMES)[number];
