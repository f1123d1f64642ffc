// The contract's rows for building the world (issue 33): create an entity, add or remove a
// component, tag or pair, rename. Verbs and shapes follow the Flecs 4 REST API where it has them
// (PUT /entity, PUT|DELETE /component with component= and value=); PUT /rename is our own, and
// deleting stays the contract's PUT /delete. Each is one request, validated before it changes anything.
import { COMPONENT_PARAMS, RENAME_PARAMS, emptyReplySchema } from '../../protocol';
import { allowedBuiltins, entityPathParam, PATH_NOT_FOUND } from '../common';
import type { DialectNames } from '../../json';
import { endpoint, type EndpointRow } from '../endpoint-row';
import { deleteComponent, putComponent } from './put-component';
import { putEntity } from './put-entity';
import { putRename } from './put-rename';

const BUILTIN = 'the entity is built in (under ecs)';
const NONE = {};

/** The rows that build the world. */
export function buildRows(names: DialectNames): readonly EndpointRow[] {
  const ENTITY_PATH = entityPathParam(names);
  return [
    endpoint({
      path: '/entity/{path}', methods: ['PUT'], summary: 'Create a named entity at the path (its parent must exist)',
      pathParams: [{ ...ENTITY_PATH, description: "path of the new entity: the parent's path, '/', the new name" }],
      params: NONE, reply: emptyReplySchema, cache: 'none', handler: putEntity,
      errors: { 400: 'an invalid name (empty, a number, starting with a space)', 403: `the parent is built in (under ecs)`, 404: 'the parent names no entity', 409: 'the path already names an entity' },
    }),
    endpoint({
      path: '/component/{path}', methods: ['PUT'],
      summary: 'Add a component (reflected defaults, or the members in value), a tag or a pair (Rel,Target); an id the entity has is left as is unless value is given',
      pathParams: [ENTITY_PATH], params: COMPONENT_PARAMS, reply: emptyReplySchema, cache: 'none', handler: putComponent,
      errors: {
        400: 'component names no entity or a placeholder, value is not JSON, does not fit or is given for an id without data, a ChildOf/IsA cycle (nothing changes)',
        403: `${BUILTIN}; a built-in id other than ${allowedBuiltins('ecs', false)}; the ChildOf of a component or module; a target under ecs`,
        404: PATH_NOT_FOUND, 409: 'the new parent already has a child of that name',
      },
    }),
    endpoint({
      path: '/component/{path}', methods: ['DELETE'], summary: 'Remove a component, tag or pair the entity owns',
      pathParams: [ENTITY_PATH], params: COMPONENT_PARAMS, reply: emptyReplySchema, cache: 'none', handler: deleteComponent,
      errors: {
        400: 'component names no entity or a placeholder',
        403: `${BUILTIN}; a built-in id other than ${allowedBuiltins('ecs', false)}; the ChildOf of a component or module`,
        404: `${PATH_NOT_FOUND}, or the entity does not own the id`, 409: 'removing the ChildOf would move it to the root, where that name is taken',
      },
    }),
    endpoint({
      path: '/rename/{path}', methods: ['PUT'], summary: 'Rename an entity (same parent)',
      pathParams: [ENTITY_PATH], params: RENAME_PARAMS, reply: emptyReplySchema, cache: 'none', handler: putRename,
      errors: { 400: 'an invalid name', 403: `${BUILTIN}; or it is a component or module`, 404: PATH_NOT_FOUND, 409: 'a sibling has that name' },
    }),
  ];
}
