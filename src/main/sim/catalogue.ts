// The hand-made part of the scene: the Sun, its planets, their moons and Saturn's rings. Sizes
// and distances are chosen to read well in the explorer and the viewport, not to scale.

/** An RGB colour, 0-255 per channel. */
export type Rgb = readonly [r: number, g: number, b: number];

/** A moon (or ring) orbiting a planet. */
export interface MoonSpec {
  readonly name: string;
  /** Distance from the planet, scene units. */
  readonly distance: number;
  /** Orbital speed, rad/s (0: stays with the planet). */
  readonly speed: number;
  readonly scale: number;
  readonly color: Rgb;
  readonly brief: string;
  /** A ring instead of a moon (drawn as Shape.Ring, tilted, no Moon tag). */
  readonly ring?: boolean;
}

/** A planet orbiting the Sun. */
export interface PlanetSpec {
  readonly name: string;
  /** Doc name shown as the label, when it differs from the name. */
  readonly label?: string;
  /** Orbit radius around the Sun, scene units. */
  readonly distance: number;
  readonly scale: number;
  readonly color: Rgb;
  /** Orbit inclination, radians. */
  readonly inclination: number;
  /** Spin about its own axis, rad/s. */
  readonly spin: number;
  readonly brief: string;
  readonly link: string;
  readonly moons: readonly MoonSpec[];
}

/** Gravitational parameter of the Sun in scene units³/s²: planets and asteroids obey it. */
export const SUN_GM = 100;
/** Softening of the Sun's pull near its centre, scene units²: a rock flung through it is not shot off to infinity. */
export const GRAVITY_SOFTENING = 0.25;
/** Scale of the Sun. */
export const SUN_SCALE = 3;
/** Colour of the Sun. */
export const SUN_COLOR: Rgb = [255, 204, 51];
/** Inner and outer radius of the asteroid belt, scene units. */
export const BELT = { inner: 22, outer: 28, thickness: 1.2 } as const;
/** An asteroid farther than this from the belt's edges (or this far off the plane) has left it, scene units. */
export const BELT_MARGIN = 4;

const wiki = (page: string) => `https://en.wikipedia.org/wiki/${page}`;

/** The planets, innermost first (this order is also the ships' route). */
export const PLANETS: readonly PlanetSpec[] = [
  { name: 'Mercury', distance: 8, scale: 0.35, color: [169, 160, 150], inclination: 0.12, spin: 0.2, brief: 'Smallest planet, closest to the Sun', link: wiki('Mercury_(planet)'), moons: [] },
  { name: 'Venus', distance: 11, scale: 0.55, color: [230, 190, 120], inclination: 0.06, spin: -0.1, brief: 'Hottest planet, wrapped in clouds', link: wiki('Venus'), moons: [] },
  {
    name: 'Earth', label: 'The Earth', distance: 14.5, scale: 0.6, color: [70, 120, 230], inclination: 0, spin: 1, brief: 'Third planet from the Sun', link: wiki('Earth'),
    moons: [{ name: 'Moon', distance: 1.3, speed: 0.9, scale: 0.18, color: [200, 200, 200], brief: "Earth's natural satellite" }],
  },
  {
    name: 'Mars', distance: 18.5, scale: 0.45, color: [210, 90, 50], inclination: 0.03, spin: 0.95, brief: 'The red planet', link: wiki('Mars'),
    moons: [
      { name: 'Phobos', distance: 0.9, speed: 1.6, scale: 0.08, color: [150, 130, 120], brief: 'Larger and inner moon of Mars' },
      { name: 'Deimos', distance: 1.4, speed: 1.1, scale: 0.07, color: [170, 150, 130], brief: 'Smaller and outer moon of Mars' },
    ],
  },
  {
    name: 'Jupiter', distance: 34, scale: 1.3, color: [215, 170, 120], inclination: 0.02, spin: 2.4, brief: 'The largest planet', link: wiki('Jupiter'),
    moons: [
      { name: 'Io', distance: 1.9, speed: 1.5, scale: 0.14, color: [235, 220, 110], brief: 'Volcanic inner Galilean moon' },
      { name: 'Europa', distance: 2.3, speed: 1.1, scale: 0.12, color: [220, 210, 190], brief: 'Icy moon with a hidden ocean' },
      { name: 'Ganymede', distance: 2.7, speed: 0.8, scale: 0.2, color: [170, 160, 150], brief: 'The largest moon in the solar system' },
      { name: 'Callisto', distance: 3.1, speed: 0.55, scale: 0.18, color: [110, 100, 90], brief: 'Heavily cratered outer Galilean moon' },
    ],
  },
  {
    name: 'Saturn', distance: 42, scale: 1.1, color: [225, 200, 140], inclination: 0.04, spin: 2.2, brief: 'The ringed planet', link: wiki('Saturn'),
    moons: [
      { name: 'Rings', distance: 0, speed: 0, scale: 2, color: [210, 190, 150], brief: 'Ice and rock in a thin disc', ring: true },
      { name: 'Rhea', distance: 2.4, speed: 0.9, scale: 0.1, color: [200, 200, 195], brief: 'Second-largest moon of Saturn' },
      { name: 'Titan', distance: 3, speed: 0.6, scale: 0.2, color: [230, 170, 80], brief: 'Moon with a thick orange atmosphere' },
    ],
  },
  {
    name: 'Uranus', distance: 51, scale: 0.85, color: [150, 210, 220], inclination: 0.01, spin: -1.4, brief: 'An ice giant tipped on its side', link: wiki('Uranus'),
    moons: [
      { name: 'Titania', distance: 1.6, speed: 0.8, scale: 0.1, color: [190, 180, 175], brief: 'Largest moon of Uranus' },
      { name: 'Oberon', distance: 2, speed: 0.6, scale: 0.1, color: [170, 160, 160], brief: 'Outermost major moon of Uranus' },
    ],
  },
  {
    name: 'Neptune', distance: 60, scale: 0.8, color: [70, 100, 220], inclination: 0.03, spin: 1.5, brief: 'The windiest planet', link: wiki('Neptune'),
    moons: [{ name: 'Triton', distance: 1.5, speed: -0.7, scale: 0.13, color: [210, 200, 200], brief: 'Large moon on a backwards orbit' }],
  },
];

/** Doc names (call signs) of the ships, used in order and then repeated with a number. */
export const SHIP_NAMES: readonly string[] = [
  'Aurora', 'Beagle', 'Cassini', 'Dauntless', 'Endeavour', 'Firefly', 'Galileo', 'Horizon', 'Icarus', 'Juno', 'Kestrel', 'Liberty',
];

/** "#rrggbb" of a colour (the doc colour shown by the explorer). */
export function hexColor(c: Rgb): string {
  return '#' + c.map((x) => x.toString(16).padStart(2, '0')).join('');
}
