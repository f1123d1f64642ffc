// The in-process reply cases, by name: request targets on the demo world with 3,000 asteroids
// (3,034 entities with Position, 3,012 with Position and Velocity), the reference's world shape.
import { App } from '../../src/shared/app';
import { World } from '../../src/shared/ecs';
import { createRouter, type Router } from '../../src/shared/rest';
import { createDemo } from '../../src/main/sim';

/** Request target of each case. */
export const CASES: Readonly<Record<string, string>> = {
  entity_reply: '/entity/Sun/Earth',
  query_position_limit_1000: '/query?q=Position&limit=1000',
  query_position_velocity_values_3k: '/query?q=Position%2CVelocity&values=true&limit=10000',
};

/**
 * The case named `name` on the demo world at 3,000 asteroids after 10 frames: its target, the app
 * (to run more frames) and a router with the reply cache off, so every reply is made anew.
 */
export function replyCase(name: string): { target: string; app: App; router: Router } {
  const target = CASES[name];
  if (target === undefined) throw new Error(`unknown case ${name}; cases: ${Object.keys(CASES).join(', ')}`);
  const demo = createDemo(new World(), { asteroids: 3000 });
  const app = new App(demo.world, { manual: true });
  for (let i = 0; i < 10; i++) app.step(1 / 60);
  return { target, app, router: createRouter(demo.world, { replyCache: false }) };
}
