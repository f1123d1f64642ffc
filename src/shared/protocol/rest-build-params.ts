// Query-string parameters of the endpoints that build the world: PUT|DELETE /component/<path>
// (add, set or remove a component, tag or pair) and PUT /rename/<path>. The shapes follow the
// Flecs 4 REST API where it has a verb (`component=`, `value=`); renaming is our own.
import { z } from 'zod';
import type { ParamSpec, ParamsOf, ParamSpecs } from './rest-params';

const COMPONENT = {
  schema: z.string().min(1),
  description: 'the id to add or remove: a component or tag path (Position, ecs.core.Disabled) or a pair (Rel,Target), e.g. (TravellingTo,Sun.Earth)',
  expected: 'a component, tag or pair path, e.g. component=Position or component=(TravellingTo,Sun.Earth)',
} satisfies ParamSpec;

/** Parameters of PUT|DELETE /component/<path>. */
export const COMPONENT_PARAMS = {
  component: COMPONENT,
  value: {
    schema: z.string().optional(),
    description: 'PUT only: the value as JSON (URL-encoded), members not given keep their defaults; without it the id is added with its reflected defaults',
    expected: 'a JSON object, e.g. value={"x":1,"y":2} (URL-encoded)',
  },
} satisfies ParamSpecs;

/** Parsed parameters of PUT|DELETE /component/<path>. */
export type ComponentParams = ParamsOf<typeof COMPONENT_PARAMS>;

/** Parameters of PUT /rename/<path>. */
export const RENAME_PARAMS = {
  name: {
    schema: z.string().min(1),
    description: "the new name: not empty, no '.' or '/', not starting with a space, not a number; unique among the entity's siblings",
    expected: 'a name such as Probe2',
  },
} satisfies ParamSpecs;

/** Parsed parameters of PUT /rename/<path>. */
export type RenameParams = ParamsOf<typeof RENAME_PARAMS>;
