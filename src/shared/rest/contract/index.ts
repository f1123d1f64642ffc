// The contract dialect (the project's own REST interface, `ecs.*` names) and --compat flecs-3.2,
// which serves the same handlers with the 3.2 server's names, limits and shapes.
export { CONTRACT, FLECS_3_2 } from './table';
