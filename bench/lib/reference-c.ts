// Fixed figures of the reference engine's C library (v3.2.12 release build, -O3 -DNDEBUG), measured
// on an idle machine of this kind (2 cores) with the same cases and world shapes (3,034 entities
// with Position, 3,012 with Position+Velocity for the replies). They are quoted
// beside ours for scale; the project never builds or runs that engine.

/** Reference C figures by benchmark case, with their units. */
export const REFERENCE_C = {
  packed_5: { value: 666_000, unit: 'ops/s' },
  simple_iter: { value: 379_000, unit: 'ops/s' },
  frag_iter: { value: 818_000, unit: 'ops/s' },
  entity_cycle: { value: 14_300, unit: 'ops/s' },
  add_remove: { value: 9_000, unit: 'ops/s' },
  move_100k: { value: 0.22, unit: 'ns/entity' },
  entity_reply: { value: 1.19, unit: 'µs' },
  query_position_limit_1000: { value: 21.5, unit: 'µs' },
  query_position_velocity_values_3k: { value: 1719, unit: 'µs' },
} as const;

/** The peer name used for quoted reference rows. */
export const REFERENCE_C_PEER = 'reference C 3.2.12 (quoted)';
