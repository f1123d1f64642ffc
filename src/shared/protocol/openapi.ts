// GET /openapi.json: an OpenAPI 3.1 description generated from a dialect's endpoint table, with
// the same zod schemas the router validates with (parameters) and the tests check replies with
// (replies).
import { z } from 'zod';
import { fixedSegments, type EndpointSpec } from './rest-endpoints';
import { documentedDefault } from './rest-params';
import { errorReplySchema } from './rest-replies';
import { WATCHABLE, WATCH_MAX_LAG_MS, WATCH_PREFIX, WATCH_RECONNECT_MS } from './watch';
import { DEFAULT_WATCH_FRAME_STEPS } from './constants';

/** Options of the generated document. */
export interface OpenApiOptions {
  /** API title (default "ECS live world REST interface"). */
  title?: string;
  /** API version (default "1"). */
  version?: string;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete s.$schema;
  return s;
}

const WATCH_STREAM = 'Server-Sent Events (text/event-stream). Each event\'s id is <frame>@<host clock in ms>: the frame whose state it carries and when that frame ran. '
  + 'event "full": data is the whole GET reply (the first event, and whenever a delta would not be smaller); '
  + 'event "diff": data is a jsondiffpatch delta (its documented JSON delta format, a changed value as [0, new]) from the previous state to this frame\'s GET reply, at most one per frame and only when something changed; '
  + 'event "fail": data is {"status", "error"}, the error the GET would answer now (the stream stays open); '
  + 'event "end": data is {"reason"}, the server ends the stream. Comment lines are heartbeats. '
  + 'A reader that falls behind skips frames and then gets one delta to the latest state; one that reads events more than '
  + `${WATCH_MAX_LAG_MS} ms old should reopen the stream (a new stream, Last-Event-ID or not, starts with "full"). `
  + `The server resets a stream whose socket stayed backed up for ${WATCH_MAX_LAG_MS} ms; the stream's retry: (${WATCH_RECONNECT_MS} ms) tells an EventSource when to reconnect. `
  + `After each frame the queries of all watches together may spend ${DEFAULT_WATCH_FRAME_STEPS} evaluation steps (at least --max-query-steps): `
  + 'watches that do not fit get their event after a later frame, in turn, with that frame\'s state and id.';

function watchOperation(segment: string, parameters: unknown[], errors: Record<string, string>, errorContent: unknown): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    200: { description: WATCH_STREAM, content: { 'text/event-stream': { schema: { type: 'string' } } } },
    429: { description: 'too many watches from this client address (--max-watches-per-client)', content: errorContent },
    503: { description: 'too many watches on the server (--max-watches), or it is stopping; see Retry-After', content: errorContent },
  };
  for (const [status, why] of Object.entries(errors)) responses[status] ??= { description: why, content: errorContent };
  return { summary: `Watch GET /${segment}: its reply, then what changed, as a stream`, parameters, responses };
}

/** The OpenAPI 3.1 document of an endpoint table, as a JSON-ready object. */
export function openApiDocument(endpoints: readonly EndpointSpec[], o: OpenApiOptions = {}): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorContent = { 'application/json': { schema: jsonSchema(errorReplySchema, 'output') } };
  for (const ep of endpoints) {
    const segment = fixedSegments(ep.path).join('/');
    const query = Object.entries(ep.params).map(([name, p]) => {
      const schema = jsonSchema(p.schema, 'input');
      const dflt = documentedDefault(p);
      if (dflt !== undefined) schema.default = dflt;
      return { name, in: 'query', required: !p.schema.safeParse(undefined).success, description: p.description, schema };
    });
    const replies = Array.isArray(ep.reply) ? ep.reply : [ep.reply as z.ZodType];
    const ok = replies.length === 1 ? jsonSchema(replies[0]!, 'output') : { oneOf: replies.map((r) => jsonSchema(r, 'output')) };
    const content = ep.replyMedia === undefined ? { 'application/json': { schema: ok } } : { [ep.replyMedia]: { schema: { type: 'string', contentMediaType: ep.replyMedia } } };
    const responses: Record<string, unknown> = { 200: { description: 'OK', content } };
    const requestBody = ep.body === undefined ? undefined
      : { required: true, description: ep.body.description, content: { [ep.body.media]: { schema: { type: 'string', contentMediaType: ep.body.media } } } };
    for (const [status, why] of Object.entries(ep.errors)) responses[status] = { description: why, content: errorContent };
    // OpenAPI path parameters are always required: an optional trailing one makes a second path.
    const variants = [ep.pathParams];
    if (ep.pathParams.length && !ep.pathParams[ep.pathParams.length - 1]!.required) variants.push(ep.pathParams.slice(0, -1));
    for (const params of variants) {
      const path = params === ep.pathParams ? ep.path : ep.path.slice(0, ep.path.lastIndexOf('/{'));
      const parameters = [...params.map((p) => ({ name: p.name, in: 'path', required: true, description: p.description, schema: { type: 'string' } })), ...query];
      for (const method of ep.methods) (paths[path] ??= {})[method.toLowerCase()] = { summary: ep.summary, parameters, ...(requestBody ? { requestBody } : {}), responses };
      if (ep.methods.includes('GET') && (WATCHABLE as readonly string[]).includes(segment)) {
        paths[WATCH_PREFIX.slice(0, -1) + path] = { get: watchOperation(segment, parameters, ep.errors, errorContent) };
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: o.title ?? 'ECS live world REST interface',
      version: o.version ?? '1',
      description: 'Parameters may also start with & (/set/Sun&data=…); values are form-encoded (+ is a space). '
        + 'Every error is JSON {"error": "…"}; a wrong method on a known endpoint is 405 with an Allow header.',
    },
    paths,
  };
}
