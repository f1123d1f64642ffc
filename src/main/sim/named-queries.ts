// The demo's named queries, listed by the explorer and served by /query?name=…
import type { Entity, World } from '../../shared/ecs';
import { defineQuery } from '../../shared/query';

/** Expression of the Renderables query: what the viewport draws. */
export const RENDERABLES_EXPR = 'Renderable, Position, Rotation, Scale, Color, Shape';
/** Expression of the ShipsHeadingTo rule; `$planet` can be given (vars=planet:Sun.Earth). */
export const SHIPS_HEADING_TO_EXPR = '(TravellingTo, $planet), (IsA, SpaceShip), Planet($planet)';

/** Entities of the named queries. */
export interface DemoQueries {
  /** Cached query `Planet, Position`. */ readonly Planets: Entity;
  /** Cached query of every drawn entity (see RENDERABLES_EXPR). */ readonly Renderables: Entity;
  /** Rule with a variable: ships and the planet each is heading to. */ readonly ShipsHeadingTo: Entity;
}

/** Defines Planets, Renderables and ShipsHeadingTo at the root scope. */
export function defineDemoQueries(world: World): DemoQueries {
  return {
    Planets: defineQuery(world, 'Planets', 'Planet, Position', { kind: 'query', brief: 'Every planet with its position' }),
    Renderables: defineQuery(world, 'Renderables', RENDERABLES_EXPR, { kind: 'query', brief: 'What the viewport draws (enabled entities only)' }),
    ShipsHeadingTo: defineQuery(world, 'ShipsHeadingTo', SHIPS_HEADING_TO_EXPR, {
      kind: 'rule', brief: 'Ships and the planet each is travelling to; set $planet to list the ships heading to one planet',
    }),
  };
}
