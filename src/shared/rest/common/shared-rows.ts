// The endpoints every dialect serves alike, written once: each dialect's table ends with these
// rows, so an endpoint added here is routed, documented and described in /openapi.json by every
// dialect (docs/adding-an-endpoint.md). Their handlers live beside this file.
import type { DialectNames } from '../../json';
import { endpoint, type EndpointRow, type TableOptions } from '../endpoint-row';
import { childrenReplySchema, DEFAULT_LIMIT, openApiReplySchema, pageParams } from '../../protocol';
import { entityPathParam, PATH_NOT_FOUND } from './entity-path';
import { getChildren } from './get-children';
import { getOpenApi } from './get-openapi';
import { historyRows } from './history-rows';

/** The rows every dialect's table ends with, documented in the names of `names`. */
export function sharedRows(o: TableOptions, names: DialectNames): readonly EndpointRow[] {
  return [
    ...historyRows(),
    endpoint({
      path: '/children/{path}', methods: ['GET'], summary: 'The children (ChildOf) of an entity, a page at a time: id, path, name and how many children each has',
      pathParams: [entityPathParam(names)], params: pageParams('children', DEFAULT_LIMIT, o.maxLimit), reply: childrenReplySchema,
      cache: 'until-change', handler: getChildren, errors: { 400: 'a bad offset or limit', 404: PATH_NOT_FOUND },
    }),
    endpoint({
      path: '/openapi.json', methods: ['GET'], summary: 'This description of the interface (OpenAPI 3.1)',
      pathParams: [], params: {}, reply: openApiReplySchema, cache: 'none', handler: getOpenApi, errors: {},
    }),
  ];
}
