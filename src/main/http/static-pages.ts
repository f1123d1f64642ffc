// The built renderer pages (viewport, explorer and their shared assets), served by Express.
// Only requests under these prefixes ever reach Express; the REST path bypasses it for speed.
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { errorBody } from './json-error';
import { echoed } from '../../shared/protocol';
import { BODY_BYTES, type TrackedResponse } from './reply-writer';
import type { StaticPagesHandler } from './types';
import type { RequestPath } from './request-path';

export type { StaticPagesHandler } from './types';

/** The pages, each served from staticRoot/<name>/index.html at /<name>/. */
export const PAGE_NAMES: readonly string[] = ['viewport', 'explorer'];

/**
 * Content-Security-Policy sent with every HTML page. connect-src stays open to any http(s)
 * and ws(s) endpoint because the explorer may inspect another host; each page's own meta
 * policy narrows it further. frame-ancestors only works as a header, hence here.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' http: https: ws: wss:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');


/** Builds the Express app that serves staticRoot's pages with CSP headers and JSON errors. */
export function createStaticPages(staticRoot: string): StaticPagesHandler {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', false);
  const serveOptions = {
    index: ['index.html'],
    redirect: false,
    dotfiles: 'ignore' as const,
    fallthrough: true,
    setHeaders(res: ServerResponse, path: string): void {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (path.endsWith('.html')) {
        res.setHeader('Content-Security-Policy', PAGE_CSP);
        // Pages name hashed assets; they must be revalidated so a rebuild shows up.
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  };
  for (const page of PAGE_NAMES) app.use(`/${page}`, express.static(join(staticRoot, page), serveOptions));
  app.use('/assets', express.static(join(staticRoot, 'assets'), serveOptions));
  const shown = (req: Request): string => echoed(req.originalUrl);
  app.use((req: Request, res: Response) => {
    res.status(404).type('application/json')
      .send(errorBody(`no page or asset at '${shown(req)}': the pages are /viewport/ and /explorer/ (if this is a page, is the renderer built? run npm run build)`));
  });
  app.use((err: Error & { status?: number; statusCode?: number }, req: Request, res: Response, _next: NextFunction) => {
    const status = err.status ?? err.statusCode ?? 500;
    const text = status < 500 ? `cannot serve '${shown(req)}': ${err.message}` : `failed to serve '${shown(req)}': ${err.message}; see the host log`;
    if (status >= 500) console.error(`ecs-live http: static page error for ${shown(req)}:`, err);
    if (res.headersSent) { res.destroy(); return; }
    res.status(status).type('application/json').send(errorBody(text));
  });
  return (req, res) => { app(req as Request, res as Response); };
}

/** Serves a page request (the route's handler for page paths): counted when its response closes, so an aborted download counts as an error. */
export function servePage(p: RequestPath, req: IncomingMessage, res: TrackedResponse, pages: StaticPagesHandler): void {
  res.once('finish', () => {
    const length = Number(res.getHeader('content-length'));
    res[BODY_BYTES] = req.method === 'HEAD' || !Number.isFinite(length) ? 0 : length;
  });
  res.once('close', () => {
    if (res.writableFinished && res.statusCode < 400) p.counters.request_handled_ok_count++;
    else p.counters.request_handled_error_count++;
  });
  if (p.server.closing) res.shouldKeepAlive = false;
  pages(req, res);
}
