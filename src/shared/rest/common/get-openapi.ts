// GET /openapi.json: the OpenAPI 3.1 description of the router's own endpoint table (built once
// per table and title). Its row is in shared-rows.ts: every dialect describes its own table.
import { openApiDocument, type EndpointSpec } from '../../protocol';
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
