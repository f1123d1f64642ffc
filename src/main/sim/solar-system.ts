// The Sun, the planets on their orbits and the moons around them (named, so that paths such as
// Sun.Earth.Moon and the URL /entity/Sun/Earth/Moon work).
import type { Entity, World } from '../../shared/ecs';
import { createBody } from './bodies';
import { PLANETS, SUN_COLOR, SUN_GM, SUN_SCALE } from './catalogue';
import type { DemoIds } from './components';
import { orbitPosition } from './orbit-systems';
import type { Rng } from './rng';

/** The bodies of the solar system, in creation order. */
export interface SolarSystem {
  readonly sun: Entity;
  readonly planets: readonly Entity[];
  readonly moons: readonly Entity[];
  /** Rings and other orbiting bodies that are neither planets nor moons. */
  readonly others: readonly Entity[];
}

/** Creates the Sun, planets and moons; starting angles come from the generator. */
export function createSolarSystem(world: World, ids: DemoIds, rng: Rng): SolarSystem {
  const sun = createBody(world, ids, {
    name: 'Sun', scale: SUN_SCALE, color: SUN_COLOR, shape: 'Sphere', tags: [ids.Star], label: 'Sol', brief: 'Our star',
    link: 'https://en.wikipedia.org/wiki/Sun',
  });
  world.set(sun, ids.Spin, { speed: 0.05 });
  const planets: Entity[] = [], moons: Entity[] = [], others: Entity[] = [];
  for (const p of PLANETS) {
    const planet = createBody(world, ids, {
      name: p.name, parent: sun, scale: p.scale, color: p.color, shape: 'Sphere', tags: [ids.Planet],
      label: p.label, brief: p.brief, link: p.link,
    });
    // Kepler: angular speed sqrt(GM / r³), so inner planets overtake outer ones.
    const orbit = { radius: p.distance, speed: Math.sqrt(SUN_GM / p.distance ** 3), angle: rng.range(0, Math.PI * 2), inclination: p.inclination };
    world.set(planet, ids.Orbit, orbit);
    // Placed on its orbit now, so a frame packed before the first tick already shows the scene.
    const at = orbitPosition([0, 0, 0], orbit);
    world.set(planet, ids.Position, at);
    world.set(planet, ids.Spin, { speed: p.spin });
    planets.push(planet);
    for (const m of p.moons) {
      const body = createBody(world, ids, {
        name: m.name, parent: planet, scale: m.scale, color: m.color, shape: m.ring ? 'Ring' : 'Sphere', tags: m.ring ? [] : [ids.Moon],
        brief: m.brief, rotation: m.ring ? { pitch: 0.45 } : undefined,
      });
      const mo = { radius: m.distance, speed: m.speed, angle: m.ring ? 0 : rng.range(0, Math.PI * 2), inclination: m.ring ? 0 : rng.range(-0.2, 0.2) };
      world.set(body, ids.Orbit, mo);
      world.set(body, ids.Position, orbitPosition([at.x, at.y, at.z], mo));
      (m.ring ? others : moons).push(body);
    }
  }
  return { sun, planets, moons, others };
}
