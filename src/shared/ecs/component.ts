// What the store knows about an id that carries data.
import type { Entity } from './ids';
import type { Schema } from './schema';

/** A registered component: reflected (schema) or opaque (plain JS values, no reflection). */
export interface ComponentInfo {
  /** The component entity. */
  readonly id: Entity;
  /** Full path, for messages. */
  readonly name: string;
  /** Reflection; undefined for opaque components. */
  readonly schema: Schema | undefined;
  /** Byte size as reported in ecs.core.Component (informational). */
  readonly size: number;
  /** Byte alignment as reported in ecs.core.Component (informational). */
  readonly alignment: number;
  /** Value a new opaque component starts with (cloned per entity when it is an object). */
  readonly opaqueDefault?: unknown;
}
