// The `never` default of a switch over a kind (a step, term, node or reply kind): given the
// switched value, it compiles only while every kind has its case, so adding a kind to a union
// makes tsc point at each switch that would otherwise skip it in silence. At run time it throws,
// which only a value that lied about its type can reach.

/** Fails to compile unless `value` is `never` (every kind handled); throws naming the kind if reached. */
export function unreachable(value: never, what: string): never {
  const v = value as unknown;
  const kind = typeof v === 'object' && v !== null ? ((v as { kind?: unknown }).kind ?? (v as { type?: unknown }).type) : v;
  throw new Error(`unhandled ${what} ${JSON.stringify(kind)}`);
}
