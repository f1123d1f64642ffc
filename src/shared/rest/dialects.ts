// The dialects the router speaks, by the RouterOptions.compat that selects them: each is an
// endpoint table over the same world, query engine and serializer building blocks. A new dialect
// is a table (its own folder for what is its own) and one line here.
import { CONTRACT, FLECS_3_2 } from './contract';
import type { Dialect } from './endpoint-row';
import { FLECS_4 } from './flecs4';
import type { CompatMode } from './types';

const COMPAT_DIALECTS: Readonly<Record<CompatMode, Dialect>> = {
  'flecs-3.2': FLECS_3_2,
  'flecs-4': FLECS_4,
};

/** The dialect of a router: the contract, or the compat mode's. */
export function dialectOf(compat: CompatMode | undefined): Dialect {
  return compat === undefined ? CONTRACT : COMPAT_DIALECTS[compat];
}
