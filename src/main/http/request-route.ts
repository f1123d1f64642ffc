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

/** True when the target's path (the part before any query) is `path`; nothing is sliced. */
function pathIs(url: string, path: string): boolean {
  return url.startsWith(path) && (url.length === path.length || url.charCodeAt(path.length) === 0x3f /* ? */);
}

// The pages' paths, made once: every GET asks both questions below, which built `/${p}/` for each
// page and sliced the target's path on every request (allocations on the REST path).
const PAGE_ROOTS = PAGE_NAMES.map((p) => `/${p}`);
const PAGE_PREFIXES = PAGE_ROOTS.map((r) => `${r}/`);

/**
 * True for request paths that belong to the static pages. A whole target may be given: the
 * prefixes hold no `?`, so a target starts with one exactly when its path does.
 */
export function isStaticPagePath(pathname: string): boolean {
  return pathname.startsWith('/assets/') || PAGE_PREFIXES.some((p) => pathname.startsWith(p));
}

/** For `/viewport` and `/explorer` (no slash), the slash form to redirect to, query kept; else undefined. */
export function pageRedirectTarget(url: string): string | undefined {
  for (const root of PAGE_ROOTS) if (pathIs(url, root)) return `${root}/${url.slice(root.length)}`;
  return undefined;
}

/** The route step: hands the request to the part of the server its target is for, with the guard's verdict. */
export function route(p: RequestPath, req: IncomingMessage, res: ServerResponse, verdict: CorsVerdict): void {
  const method = req.method!;
  const url = req.url!;
  const { mount, events } = p.server;
  if (mount !== undefined && pathIs(url, mount.path)) {
    serveMounted(mount, req, res, p.options, p.appOrigins, p.counters, p.onFault);
    return;
  }
  if (method === 'GET' && events !== undefined && events.prefixes.some((prefix) => url.startsWith(prefix))) {
    openStream(p, req, res, events.streams);
    return;
  }
  if ((method === 'GET' || method === 'HEAD') && p.staticPages) {
    const redirect = pageRedirectTarget(url);
    if (redirect !== undefined) {
      p.writer.send(res, 301, { 'Content-Type': 'application/json', Location: redirect }, JSON.stringify({ redirect }), method === 'HEAD', 'rest');
      return;
    }
    if (isStaticPagePath(url)) {
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
