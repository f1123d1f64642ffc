// Creating drawn bodies: the components every renderable entity carries, plus its docs.
import type { Entity, World } from '../../shared/ecs';
import { hexColor, type Rgb } from './catalogue';
import type { DemoIds, ShapeName } from './components';

/** What a drawn body is made of. */
export interface BodySpec {
  readonly name: string;
  readonly parent?: Entity;
  readonly position?: { x?: number; y?: number; z?: number };
  readonly rotation?: { yaw?: number; pitch?: number; roll?: number };
  readonly scale: number;
  readonly color: Rgb;
  readonly shape: ShapeName;
  /** Extra tags (Planet, Moon, …). */
  readonly tags?: readonly Entity[];
  /** Doc name (label), when it differs from the name. */
  readonly label?: string;
  readonly brief?: string;
  readonly link?: string;
}

/** Creates a named, renderable entity with Position, Rotation, Scale, Color, Shape and docs (doc colour = its colour). */
export function createBody(world: World, ids: DemoIds, spec: BodySpec): Entity {
  const e = world.entity({ name: spec.name, parent: spec.parent });
  for (const tag of spec.tags ?? []) world.add(e, tag);
  world.add(e, ids.Renderable);
  world.set(e, ids.Position, spec.position ?? {});
  world.set(e, ids.Rotation, spec.rotation ?? {});
  world.set(e, ids.Scale, { value: spec.scale });
  world.set(e, ids.Color, { r: spec.color[0], g: spec.color[1], b: spec.color[2] });
  world.set(e, ids.Shape, { kind: spec.shape });
  if (spec.label) world.setDoc(e, 'name', spec.label);
  if (spec.brief) world.setDoc(e, 'brief', spec.brief);
  if (spec.link) world.setDoc(e, 'link', spec.link);
  world.setDoc(e, 'color', hexColor(spec.color));
  return e;
}
