// What the frame stream needs of a scene, and nothing more: a scene (the demo or any other) that
// offers these can be packed into viewport frames and names messages without this folder knowing it.
import type { Entity, World } from '../../shared/ecs';
import type { CachedQuery } from '../../shared/pipeline';

/**
 * A scene as the frame stream sees it.
 *
 * `renderables` must match the drawn entities with these fields, in this order (field 0 is free,
 * e.g. a tag that marks drawn entities):
 *  1. position `{x, y, z}` f32, 2. rotation `{yaw, pitch, roll}` f32 radians, 3. scale `{value}` f32,
 *  4. color `{r, g, b}` u8, 5. shape `{kind}` enum in the order of the frame protocol's Shape.
 */
export interface DrawnScene {
  readonly world: World;
  /** The cached query of every drawn entity (field layout above). */
  readonly renderables: CachedQuery;
  /** Entities with this tag are drawn emissive (glowing); 0 when none are. */
  readonly emissiveTag: Entity;
  /** Title of the names message when the World has no doc name. */
  readonly defaultTitle: string;
}
