// GET /openapi.json: the OpenAPI 3.1 description of the router's own endpoint table (built once
// per table and title).
import { z } from 'zod';
import { openApiDocument, type EndpointSpec } from '../../protocol';
import { endpoint, type EndpointRow } from '../endpoint-row';
import { okText } from './replies';
import type { Handler } from '../types';

const texts = new WeakMap<readonly EndpointSpec[], Map<string, string>>();

/** Answers GET /openapi.json. */
export const getOpenApi: Handler = (ctx) => {
  const title = ctx.options.title ?? ctx.world.doc(ctx.world.core.World, 'name') ?? '';
  let byTitle = texts.get(ctx.endpoints);
  if (byTitle === undefined) texts.set(ctx.endpoints, (byTitle = new Map()));
  let text = byTitle.get(title);
  if (text === undefined) {
    text = JSON.stringify(openApiDocument(ctx.endpoints, { title: title ? `${title} REST interface` : undefined }));
    byTitle.set(title, text);
  }
  return okText(text);
};

/** The /openapi.json row every dialect's table ends with (each describes its own endpoints). */
export function openApiRow(): EndpointRow {
  return endpoint({
    path: '/openapi.json', methods: ['GET'], summary: 'This description of the interface (OpenAPI 3.1)',
    pathParams: [], params: {}, reply: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    cache: 'none', handler: getOpenApi, errors: {},
  });
}
