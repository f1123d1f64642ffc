// The in-process reply cases, by name: request targets on the demo world with 3,000 asteroids
// (3,034 entities with Position, 3,012 with Position and Velocity), the reference's world shape.

/** Request target of each case. */
export const CASES: Readonly<Record<string, string>> = {
  entity_reply: '/entity/Sun/Earth',
  query_position_limit_1000: '/query?q=Position&limit=1000',
  query_position_velocity_values_3k: '/query?q=Position%2CVelocity&values=true&limit=10000',
};
