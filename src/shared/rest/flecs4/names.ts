// The names of the Flecs 4 dialect: Flecs 4 clients write and read the reference's module root
// `flecs` (flecs.core.World, /entity/flecs/core/World) where this world says `ecs`. Paths go
// through the project's DialectNames (FLECS_NAMES, the same as --compat flecs-3.2); query
// expressions are read through the router's name resolver (positions stay those of the text sent).
import { FLECS_NAMES } from '../../json';
import { REFERENCE_ROOT, WORLD_ROOT, renameRoot } from '../../protocol';

/** A path or name as a Flecs 4 client writes it (flecs.core.World, flecs/core/World) in this world's names. */
export function localPath(wire: string): string {
  const slashed = FLECS_NAMES.parsePath(wire, '/');
  return slashed !== wire ? slashed : FLECS_NAMES.parsePath(wire);
}

/** A path of this world (ecs.core.World) as Flecs 4 prints it (flecs.core.World). */
export function wirePath(local: string): string {
  return FLECS_NAMES.printPath(local);
}

/** A query expression of this world (ecs.core.Module) as Flecs 4 prints it (flecs.core.Module). */
export function wireExpr(expr: string): string {
  if (expr.indexOf(WORLD_ROOT) < 0) return expr;
  // String literals ("…") are values, not names: only the parts between them are renamed.
  return expr.split(/("(?:[^"\\]|\\.)*")/).map((part, i) => (i % 2 === 1 ? part : renameRoot(part, WORLD_ROOT, REFERENCE_ROOT))).join('');
}
