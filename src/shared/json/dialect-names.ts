// How a REST dialect spells the world's names. The world has one set of names (its built-in
// modules live under `ecs`); the reference's dialects call that root module `flecs`, so a client
// written for them asks for `flecs.core.World` or `flecs/core/World` and reads `flecs.*` back.
// A DialectNames translates at the edge: requests are parsed into the world's names (paths,
// query identifiers, /set ids and values, vars) and replies print the dialect's (paths, labels,
// ids, type_info, stats, alerts). Only entities under a renamed built-in are touched: a user
// entity called `flecsy`, or `flecs` below some other parent, keeps its name.
import { NamesMemo, isPair, type Entity, type Id, type World } from '../ecs';
import { REFERENCE_ROOT, WORLD_ROOT } from '../protocol';

/** One rename: a built-in's dotted path in the world and in the dialect (`['ecs', 'flecs']`). */
export type NameRename = readonly [worldPath: string, dialectPath: string];

interface Prefix {
  /** Dotted path on this side (matched as the whole path or followed by a separator). */
  readonly from: string;
  readonly to: string;
}

/** Longest first, so a rename of `ecs.monitor` wins over one of `ecs`. */
function prefixes(renames: readonly NameRename[], flip: boolean): readonly Prefix[] {
  return renames.map(([w, d]) => (flip ? { from: d, to: w } : { from: w, to: d })).sort((a, b) => b.from.length - a.from.length);
}

/** `path` with its leading `from` (a whole level or levels) replaced by `to`, or undefined. */
function swapPrefix(path: string, list: readonly Prefix[], sep: string): string | undefined {
  for (const p of list) {
    const from = sep === '.' ? p.from : p.from.replaceAll('.', sep);
    if (!path.startsWith(from)) continue;
    if (path.length === from.length) return sep === '.' ? p.to : p.to.replaceAll('.', sep);
    if (path.startsWith(sep, from.length)) return (sep === '.' ? p.to : p.to.replaceAll('.', sep)) + path.slice(from.length);
  }
  return undefined;
}

/** The names of one dialect: how the world's entities are printed in replies and read in requests. */
export class DialectNames {
  private readonly toDialect: readonly Prefix[];
  private readonly toWorld: readonly Prefix[];
  /** Last levels of the renamed world paths (`ecs`): only entities named so can have another name. */
  private readonly renamedLeaves: ReadonlySet<string>;
  /** JSON path texts by entity, per world and state of its names (a reply names the same entities often). */
  private readonly pathTexts = new NamesMemo<Entity, string>(65_536);
  /** True when the dialect uses the world's own names (no translation at all). */
  readonly identity: boolean;

  constructor(readonly renames: readonly NameRename[]) {
    this.toDialect = prefixes(renames, false);
    this.toWorld = prefixes(renames, true);
    this.renamedLeaves = new Set(renames.map(([w]) => w.slice(w.lastIndexOf('.') + 1)));
    this.identity = renames.length === 0;
  }

  // ------------------------------------------------------------------ printing (replies)

  /** A world path (levels separated by `sep`, default '.') as the dialect prints it. */
  printPath(worldPath: string, sep = '.'): string {
    if (this.identity) return worldPath;
    return swapPrefix(worldPath, this.toDialect, sep) ?? worldPath;
  }

  /** Path of an entity in the dialect (`flecs.core.World`), `*`/`_` for the wildcards. */
  pathOf(world: World, e: Entity, sep = '.'): string {
    return this.printPath(world.pathOf(e, sep), sep);
  }

  /** An id as messages print it (World.idText: a path, or `(Rel, Target)`), each part in the dialect's names. */
  idText(world: World, id: Id): string {
    if (this.identity) return world.idText(id);
    if (!isPair(id)) return this.printPath(world.idText(id));
    return `(${this.printPath(world.idText(world.pairFirst(id)))}, ${this.printPath(world.idText(world.pairSecond(id)))})`;
  }

  /** JSON text of an entity's path in the dialect (`"flecs.core.World"`); `0` for none. Memoized. */
  pathText(world: World, e: Entity): string {
    if (e === 0) return '0';
    const texts = this.pathTexts.entries(world);
    let text = texts.get(e);
    if (text === undefined) this.pathTexts.remember(texts, e, (text = JSON.stringify(this.pathOf(world, e))));
    return text;
  }

  /** The entity's name in the dialect (the renamed built-ins differ), or undefined when it has none. */
  nameOf(world: World, e: Entity): string | undefined {
    const name = world.nameOf(e);
    if (this.identity || name === undefined || !this.renamedLeaves.has(name)) return name;
    const path = this.pathOf(world, e);
    return path.slice(path.lastIndexOf('.') + 1);
  }

  /** The entity's label in the dialect: its doc name, else its dialect name, else its id. */
  label(world: World, e: Entity): string {
    const label = world.label(e);
    return this.identity || !this.renamedLeaves.has(label) || world.doc(e, 'name') !== undefined ? label : this.nameOf(world, e) ?? label;
  }

  // ------------------------------------------------------------------ parsing (requests)

  /** A dialect path (levels separated by `sep`) in the world's names; other paths are returned as given. */
  parsePath(path: string, sep = '.'): string {
    if (this.identity) return path;
    return swapPrefix(path, this.toWorld, sep) ?? path;
  }

  /**
   * The entity a dialect path names (see World.lookup), 0 when none. The world's own spelling is
   * accepted too, and so is a user entity that only the literal path names.
   */
  lookup(world: World, path: string, sep = '.'): Entity {
    const translated = this.parsePath(path, sep);
    return (translated !== path ? world.lookup(translated, sep) : 0) || world.lookup(path, sep);
  }

  /** As World.lookupSymbol (from the root, then in the core module), for a dialect path. */
  lookupSymbol(world: World, text: string): Entity {
    const translated = this.parsePath(text);
    return (translated !== text ? world.lookupSymbol(translated) : 0) || world.lookupSymbol(text);
  }

  /** An entity member's value as a request gives it (an id, or a path in the dialect); undefined when it names nothing alive. */
  resolveEntityValue(world: World, raw: number | string): number | undefined {
    if (typeof raw === 'number') return world.isAlive(raw) ? raw : undefined;
    const e = this.lookup(world, raw);
    return e === 0 ? undefined : e;
  }
}

/** The world's own names: the contract's dialect (`ecs.*`). */
export const WORLD_NAMES = new DialectNames([]);

/** The reference engine's names: the built-in root module is `flecs` (`flecs.core.World`). */
export const FLECS_NAMES = new DialectNames([[WORLD_ROOT, REFERENCE_ROOT]]);
