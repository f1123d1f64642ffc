// The route step of the request path: which part of the server a request target is for — the
// mounted protocol (MCP), a watch stream, a page (or its redirect), a CORS preflight, or the REST
// router — decided here in one place from the method and target, and handed to that part.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CorsVerdict } from './request-policy';
import type { RequestPath } from './request-path';
import { callRest } from './rest-call';
import { openStream } from './stream-call';
import { servePage, PAGE_NAMES } from './static-pages';
import { serveMounted } from './mounted';

/** The target without its query. */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** True for request paths (without query) that belong to the static pages. */
export function isStaticPagePath(pathname: string): boolean {
  return pathname.startsWith('/assets/') || PAGE_NAMES.some((p) => pathname.startsWith(`/${p}/`));
}

/** For `/viewport` and `/explorer` (no slash), the slash form to redirect to, query kept; else undefined. */
export function pageRedirectTarget(url: string): string | undefined {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  if (!PAGE_NAMES.some((p) => pathname === `/${p}`)) return undefined;
  return `${pathname}/${q < 0 ? '' : url.slice(q)}`;
}

/** The route step: hands the request to the part of the server its target is for, with the guard's verdict. */
export function route(p: RequestPath, req: IncomingMessage, res: ServerResponse, verdict: CorsVerdict): void {
  const method = req.method!;
  const url = req.url!;
  const { mount, events } = p.server;
  if (mount !== undefined && pathOf(url) === mount.path) {
    serveMounted(mount, req, res, p.options, p.appOrigins, p.counters);
    return;
  }
  if (method === 'GET' && events !== undefined && url.startsWith(events.prefix)) {
    openStream(p, req, res, events.streams);
    return;
  }
  if ((method === 'GET' || method === 'HEAD') && p.staticPages) {
    const redirect = pageRedirectTarget(url);
    if (redirect !== undefined) {
      p.writer.send(res, 301, { 'Content-Type': 'application/json', Location: redirect }, JSON.stringify({ redirect }), method === 'HEAD', 'rest');
      return;
    }
    if (isStaticPagePath(pathOf(url))) {
      servePage(p, req, res, p.staticPages);
      return;
    }
  }
  if (method === 'OPTIONS') {
    // A preflight: the guard's verdict holds its headers.
    p.counters.request_preflight_count++;
    if (p.server.closing) res.shouldKeepAlive = false;
    res.writeHead(204, verdict.cors!);
    res.end();
    return;
  }
  if (verdict.refusal !== undefined) {
    p.writer.sendError(res, verdict.refusal.status, verdict.refusal.message, 'rest', verdict.refusal.headers);
    return;
  }
  callRest(p, req, res, verdict.cors);
}
