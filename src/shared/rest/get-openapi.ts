// GET /openapi.json: the generated OpenAPI 3.1 description (built once per router).
import { openApiDocument } from '../protocol';
import { okText } from './replies';
import type { Handler } from './types';

const texts = new Map<string, string>();

/** Answers GET /openapi.json. */
export const getOpenApi: Handler = (ctx) => {
  const title = ctx.options.title ?? ctx.world.doc(ctx.world.core.World, 'name');
  const key = `${ctx.options.maxLimit}|${title ?? ''}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = JSON.stringify(openApiDocument({ maxLimit: ctx.options.maxLimit, title: title ? `${title} REST interface` : undefined }));
    texts.set(key, text);
  }
  return okText(text);
};
