// The first step of the request path (guard → route → handle → write): what is refused before any
// routing — a target over the length limit (414), a Host that is not this server's (403) — and
// the origin policy's verdict that the route applies (request-policy.ts holds the checks).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { admit } from './request-policy';
import type { RequestPath } from './request-path';
import { route } from './request-route';

/** The guard step: writes an early refusal, or hands the request to the route with the policy's verdict. */
export function guard(p: RequestPath, req: IncomingMessage, res: ServerResponse): void {
  const verdict = admit(req, p.options, p.appOrigins, p.hostError);
  if ('early' in verdict) {
    // The 403 of a foreign Host is sent with the read CORS header, as any REST error.
    p.writer.sendError(res, verdict.refusal.status, verdict.refusal.message, verdict.early);
    return;
  }
  route(p, req, res, verdict);
}
