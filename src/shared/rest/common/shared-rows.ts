// The endpoints every dialect serves alike, written once: each dialect's table ends with these
// rows, so an endpoint added here is routed, documented and described in /openapi.json by every
// dialect (docs/adding-an-endpoint.md). Their handlers live beside this file.
import type { DialectNames } from '../../json';
import { endpoint, type EndpointRow, type TableOptions } from '../endpoint-row';
import { openApiReplySchema } from '../../protocol';
import { getOpenApi } from './get-openapi';

/** The rows every dialect's table ends with, documented in the names of `names`. */
export function sharedRows(_o: TableOptions, _names: DialectNames): readonly EndpointRow[] {
  return [
    endpoint({
      path: '/openapi.json', methods: ['GET'], summary: 'This description of the interface (OpenAPI 3.1)',
      pathParams: [], params: {}, reply: openApiReplySchema, cache: 'none', handler: getOpenApi, errors: {},
    }),
  ];
}
