// The units module (ecs.units): quantities (Duration, Length, …) with their units as children
// (ecs.units.Duration.Seconds, symbol "s"). Reflected members may name a unit; type_info shows
// the unit, its symbol and its quantity.
import { markBuiltinTree, type BuiltinMarks } from './builtins';
import type { CoreIds } from './core-ids';
import { EcsError } from './errors';
import type { Entity, Id } from './ids';
import type { SchemaSpec } from './schema';

/** What the units module needs of a world (the World has it; declared here so this file does not import world.ts). */
export interface UnitsHost extends BuiltinMarks {
  readonly core: CoreIds;
  entity(opts: { name?: string; parent?: Entity }): Entity;
  component(name: string, schema: SchemaSpec, opts?: { parent?: Entity; brief?: string }): Entity;
  tag(name: string, opts?: { parent?: Entity; brief?: string }): Entity;
  add(e: Entity, id: Id): void;
  set(e: Entity, id: Id, value: unknown): void;
  lookup(path: string): Entity;
  pathOf(e: Entity): string;
}

/** Quantity -> unit name -> symbol. */
const UNITS: Record<string, Record<string, string>> = {
  Duration: { Seconds: 's', MilliSeconds: 'ms', MicroSeconds: 'us', Minutes: 'min', Hours: 'h', Days: 'd' },
  Frequency: { Hertz: 'Hz', KiloHertz: 'kHz' },
  Length: { Meters: 'm', KiloMeters: 'km', AstronomicalUnits: 'au' },
  Mass: { KiloGrams: 'kg', EarthMasses: 'M⊕' },
  Speed: { MetersPerSecond: 'm/s', KiloMetersPerSecond: 'km/s' },
  Angle: { Radians: 'rad', Degrees: '°' },
  AngularSpeed: { RadiansPerSecond: 'rad/s' },
  Percentage: { Percent: '%' },
  Data: { Bytes: 'B', KiloBytes: 'KB', MegaBytes: 'MB' },
  Amount: { Count: '' },
};

/** What type_info shows for a unit. */
export interface UnitInfo {
  /** Unit path, e.g. ecs.units.Duration.Seconds. */
  readonly unit: string;
  readonly symbol: string;
  /** Quantity path, e.g. ecs.units.Duration. */
  readonly quantity: string;
}

const imported = new WeakMap<UnitsHost, Map<string, UnitInfo>>();

/** Imports ecs.units (idempotent) and returns the module entity. */
export function importUnits(world: UnitsHost): Entity {
  const existing = world.lookup('ecs.units');
  if (imported.has(world) && existing) return existing;
  const c = world.core;
  const module = world.entity({ name: 'units', parent: c.ecs });
  world.add(module, c.Module);
  const Unit = world.component('Unit', { symbol: 'string' }, { parent: module, brief: 'A unit of measurement, with its symbol' });
  const Quantity = world.tag('Quantity', { parent: module, brief: 'A kind of measurement; its units are its children' });
  const infos = new Map<string, UnitInfo>();
  for (const [q, units] of Object.entries(UNITS)) {
    const quantity = world.entity({ name: q, parent: module });
    world.add(quantity, Quantity);
    for (const [u, symbol] of Object.entries(units)) {
      const unit = world.entity({ name: u, parent: quantity });
      world.set(unit, Unit, { symbol });
      const path = world.pathOf(unit);
      infos.set(path, { unit: path, symbol, quantity: world.pathOf(quantity) });
    }
  }
  markBuiltinTree(world, module);
  imported.set(world, infos);
  return module;
}

/** Unit info for a unit path (importing ecs.units when needed); throws for unknown units. */
export function unitInfo(world: UnitsHost, path: string): UnitInfo {
  if (!imported.has(world)) importUnits(world);
  const info = imported.get(world)!.get(path);
  if (!info) {
    const known = [...imported.get(world)!.keys()].slice(0, 6).join(', ');
    throw new EcsError('invalid_argument', `unknown unit '${path}'; units are like ${known}, …`);
  }
  return info;
}

/** All known unit paths. */
export function unitPaths(world: UnitsHost): string[] {
  if (!imported.has(world)) importUnits(world);
  return [...imported.get(world)!.keys()];
}
