// The demo's components and tags, with reflection, units and doc briefs, so the explorer can show
// and edit every value. Positions are world positions in scene units (the Sun at the origin,
// planets 8-60 units out); angles are radians.
import type { Entity, World } from '../../shared/ecs';

/** Shape constants of the Shape component, in the order of the frame protocol's Shape enum. */
export const SHAPE_NAMES = ['Sphere', 'Ship', 'Rock', 'Ring', 'Box'] as const;
/** A shape name of the Shape component. */
export type ShapeName = (typeof SHAPE_NAMES)[number];

/** Ids of the demo's components and tags. */
export interface DemoIds {
  /** `{x, y, z}` f32, world position in scene units. */ readonly Position: Entity;
  /** `{x, y, z}` f32, scene units per second. */ readonly Velocity: Entity;
  /** `{yaw, pitch, roll}` f32 radians, applied yaw (about +Y), then pitch (X), then roll (Z). */ readonly Rotation: Entity;
  /** `{value}` f32, uniform scale (1 = unit size). */ readonly Scale: Entity;
  /** `{r, g, b}` u8. */ readonly Color: Entity;
  /** `{kind}` enum Sphere | Ship | Rock | Ring | Box. */ readonly Shape: Entity;
  /** `{radius, speed, angle, inclination}` around the parent's position (radius in scene units, speed rad/s, angles rad). */ readonly Orbit: Entity;
  /** `{speed}` f32 rad/s about the yaw axis. */ readonly Spin: Entity;
  /** `{value, capacity}` f32 kg of a ship's fuel. */ readonly Fuel: Entity;
  /** `{thrust, cruise, burn}` of a ship: units/s², units/s, kg/s while under way. */ readonly Engine: Entity;
  /** Tag: drawn by the viewport (with Position, Rotation, Scale, Color and Shape). */ readonly Renderable: Entity;
  /** Tag of the Sun. */ readonly Star: Entity;
  /** Tag of planets. */ readonly Planet: Entity;
  /** Tag of moons. */ readonly Moon: Entity;
  /** Tag of belt asteroids. */ readonly Asteroid: Entity;
  /** Exclusive relationship: (TravellingTo, <planet>) is a ship's current destination. */ readonly TravellingTo: Entity;
  /** Tag kept by the FuelGauge system: fuel below 20% of capacity (and above zero). */ readonly LowFuel: Entity;
  /** Tag kept by the FuelGauge system: the tank is empty. */ readonly OutOfFuel: Entity;
  /** Tag kept by the BeltWatch system: an asteroid outside the belt. */ readonly OutOfBelt: Entity;
}

const RAD = 'ecs.units.Angle.Radians';
const RAD_S = 'ecs.units.AngularSpeed.RadiansPerSecond';
const KG = 'ecs.units.Mass.KiloGrams';

/** Registers the demo's components and tags at the root scope (as the reference world does). */
export function registerComponents(world: World): DemoIds {
  const f32 = (unit?: string, def?: number) => ({ type: 'f32' as const, unit, default: def });
  const ids: DemoIds = {
    Position: world.component('Position', { x: 'f32', y: 'f32', z: 'f32' }, { brief: 'World position, in scene units' }),
    Velocity: world.component('Velocity', { x: 'f32', y: 'f32', z: 'f32' }, { brief: 'Velocity, in scene units per second' }),
    Rotation: world.component('Rotation', { yaw: f32(RAD), pitch: f32(RAD), roll: f32(RAD) }, { brief: 'Orientation: yaw about +Y, then pitch, then roll' }),
    Scale: world.component('Scale', { value: f32(undefined, 1) }, { brief: 'Uniform size factor of the drawn shape' }),
    Color: world.component('Color', { r: { type: 'u8', default: 255 }, g: { type: 'u8', default: 255 }, b: { type: 'u8', default: 255 } }, { brief: 'Drawing colour, 0-255 per channel' }),
    Shape: world.component('Shape', { kind: { enum: SHAPE_NAMES } }, { brief: 'What the viewport draws' }),
    Orbit: world.component('Orbit', { radius: 'f32', speed: f32(RAD_S), angle: f32(RAD), inclination: f32(RAD) }, { brief: 'Circular orbit around the parent; edit radius or speed to change it' }),
    Spin: world.component('Spin', { speed: f32(RAD_S) }, { brief: 'Rotation speed about the yaw axis' }),
    Fuel: world.component('Fuel', { value: f32(KG), capacity: f32(KG, 100) }, { brief: 'Fuel on board; below 20% raises an alert' }),
    Engine: world.component('Engine', { thrust: 'f32', cruise: 'f32', burn: 'f32' }, { brief: 'Acceleration (units/s²), cruise speed (units/s) and fuel burn (kg/s)' }),
    Renderable: world.tag('Renderable', { brief: 'Drawn by the viewport' }),
    Star: world.tag('Star', { brief: 'A star' }),
    Planet: world.tag('Planet', { brief: 'A planet orbiting the Sun' }),
    Moon: world.tag('Moon', { brief: 'A moon orbiting a planet' }),
    Asteroid: world.tag('Asteroid', { brief: 'A rock of the asteroid belt' }),
    TravellingTo: world.tag('TravellingTo', { brief: 'Relationship: a ship heading to a planet' }),
    LowFuel: world.tag('LowFuel', { brief: 'A ship with less than 20% fuel left' }),
    OutOfFuel: world.tag('OutOfFuel', { brief: 'A ship with an empty tank' }),
    OutOfBelt: world.tag('OutOfBelt', { brief: 'An asteroid that left the belt' }),
  };
  // A ship heads to one planet at a time: adding a new destination replaces the old one.
  world.add(ids.TravellingTo, world.core.Exclusive);
  return ids;
}
