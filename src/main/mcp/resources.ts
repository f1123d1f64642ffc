// MCP resources: entities (`ecs://entity/Sun/Earth`) and named queries, rules and systems
// (`ecs://query/Planets`, `ecs://query/ShipsHeadingTo?vars=planet:Sun.Earth`) as resource
// templates. Reading one is the REST GET of the same target; subscribing to one opens a watch of
// that GET on the host's watch feeds, so `notifications/resources/updated` follows the watch: at
// most once per frame. A notice says "read me again": after one, the subscription stays quiet
// until the client reads that resource, then the watch's next event (all that changed meanwhile)
// brings the next notice. So a client that doesn't read, or doesn't even read its notification
// stream, has one notice per subscription waiting, never one per frame. Unsubscribing or closing
// the session releases the watch.
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, SubscribeRequestSchema, UnsubscribeRequestSchema, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { entityIndex, type World } from '../../shared/ecs';
import { WATCH_EVENTS, watchTarget } from '../../shared/protocol';
import { namedQueries } from '../../shared/query';
import type { RestReply } from '../../shared/rest';
import type { EventSink, EventSubscription } from '../http';
import type { McpLink } from './tool-result';

/** URI prefixes of the two resource templates. */
export const ENTITY_URI = 'ecs://entity/';
export const QUERY_URI = 'ecs://query/';
/** Subscriptions one session may hold at once; one more is refused with a message saying so. */
export const MAX_SUBSCRIPTIONS_PER_SESSION = 64;
/** Longest resources/list answer per template (entities: the top of the hierarchy). */
const LIST_MAX = 200;
/** MCP's error code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

/** The REST GET target a resource URI reads, or undefined when the URI is not one of ours. */
export function resourceTarget(uri: string): string | undefined {
  if (uri.startsWith(ENTITY_URI) && uri.length > ENTITY_URI.length) return `/entity/${uri.slice(ENTITY_URI.length)}?values=true`;
  if (!uri.startsWith(QUERY_URI) || uri.length === QUERY_URI.length) return undefined;
  const rest = uri.slice(QUERY_URI.length);
  const q = rest.indexOf('?');
  const name = q < 0 ? rest : rest.slice(0, q);
  const vars = q < 0 ? null : new URLSearchParams(rest.slice(q + 1)).get('vars');
  return `/query?name=${encodeURIComponent(decodeURIComponent(name))}${vars ? `&vars=${encodeURIComponent(vars)}` : ''}`;
}

/**
 * A refusal sent as a JSON-RPC error with `code`, `message` and `data`. Not the SDK's McpError:
 * its message already starts with "MCP error <code>: ", which the SDK's server sends as the
 * message, and a client (the SDK's own) puts that prefix in front again.
 */
class ResourceRefusal extends Error {
  /** Makes the refusal of JSON-RPC error `code` with `message` (sent as it is) and optional `data`. */
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
    this.name = 'ResourceRefusal';
  }
}

/**
 * The REST reply's error as an MCP error: not found stays not found, everything else is a bad
 * parameter. The router's error replies all carry their message in `error` (errorReply); the body is
 * the fallback.
 */
function restError(reply: RestReply, uri: string): ResourceRefusal {
  return new ResourceRefusal(reply.status === 404 ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams, reply.error ?? reply.body, { uri });
}

/** The GET reply text of a resource, or the MCP error of its REST error. */
function readText(link: McpLink, uri: string): string {
  const target = resourceTarget(uri);
  if (target === undefined) throw new ResourceRefusal(ErrorCode.InvalidParams, `unknown resource ${JSON.stringify(uri)}: resources are ${ENTITY_URI}<path with / between levels> and ${QUERY_URI}<name of a query, rule or system>`);
  const reply = link.answer({ method: 'GET', url: target, headers: {} });
  if (reply.status >= 400) throw restError(reply, uri);
  return reply.body;
}

function read(link: McpLink, uri: string): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'application/json', text: readText(link, uri) }] };
}

/** One subscription's sink: the first event is the state at subscribe time (no notice unless it differs). */
class NoticeSink implements EventSink {
  bytesWritten = 0;
  private sending = false;
  /** A notice went out and the client has not read the resource since. */
  private unread = false;
  private first = true;
  constructor(private readonly baseline: string, private readonly notify: () => Promise<void>) {}

  /** While a notice is in flight or unread the feed skips this sink, and later sends it one event for all it missed. */
  get backedUp(): boolean {
    return this.sending || this.unread;
  }

  /** The client read the resource: the next change brings a notice again. */
  markRead(): void {
    this.unread = false;
  }

  write(event: string, data: string): void {
    this.bytesWritten += data.length;
    if (this.first) {
      this.first = false;
      if (event === WATCH_EVENTS.full && data === this.baseline) return;
    }
    this.sending = true;
    this.unread = true;
    this.notify().catch(() => {}).finally(() => { this.sending = false; });
  }
}

/** A resource URI as the SDK hands it to read callbacks (URL.href), so subscribe and read agree on the key. */
function uriKey(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

/** Paths of the named user entities at the top of the hierarchy, sorted, at most LIST_MAX. */
function topLevel(w: World): string[] {
  const out: string[] = [];
  for (const t of w.tables.values()) {
    for (const e of t.entities) {
      const name = w.nameOf(e);
      if (name !== undefined && w.parentOf(e) === 0 && !w.builtin.has(entityIndex(e))) out.push(name);
    }
  }
  return out.sort().slice(0, LIST_MAX);
}

/** Registers the resource templates and the subscribe/unsubscribe handlers; returns what releases every watch. */
export function registerResources(server: McpServer, link: McpLink): { close(): void } {
  const w = link.world;
  const subs = new Map<string, { readonly watch: EventSubscription; readonly sink: NoticeSink }>();
  /** Reads a resource; a subscription to it is armed again for the next change. */
  const readAndRearm = (uri: URL): ReadResourceResult => {
    subs.get(uri.href)?.sink.markRead();
    return read(link, uri.href);
  };
  server.registerResource('entity', new ResourceTemplate(`${ENTITY_URI}{+path}`, {
    // The top of the hierarchy (user entities without a parent): an agent goes down with get_entity.
    list: () => ({ resources: topLevel(w).map((path) => ({ uri: `${ENTITY_URI}${path}`, name: path })) }),
  }), { description: 'An entity as GET /entity/<path>?values=true: its components and their values. The path has / between levels (ecs://entity/Sun/Earth).', mimeType: 'application/json' },
  readAndRearm);

  server.registerResource('query', new ResourceTemplate(`${QUERY_URI}{+name}`, {
    list: () => ({
      resources: namedQueries(w).map((q) => w.pathOf(q.entity)).sort().slice(0, LIST_MAX)
        .map((name) => ({ uri: `${QUERY_URI}${name}`, name })),
    }),
  }), { description: 'The result of a named query, rule or system as GET /query?name=<name> (vars: variable values, as the vars parameter of /query).', mimeType: 'application/json' },
  readAndRearm);

  // Subscriptions are served, list changes are not announced: advertise exactly that.
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: false } });
  server.server.setRequestHandler(SubscribeRequestSchema, ({ params: { uri } }) => {
    if (subs.has(uriKey(uri))) return {};
    if (subs.size >= MAX_SUBSCRIPTIONS_PER_SESSION) throw new ResourceRefusal(ErrorCode.InvalidRequest, `too many subscriptions: this session holds ${subs.size} (the limit is ${MAX_SUBSCRIPTIONS_PER_SESSION}); unsubscribe from one first`);
    const baseline = readText(link, uri);
    const sink = new NoticeSink(baseline, () => server.server.sendResourceUpdated({ uri }));
    const opened = link.watch({ method: 'GET', url: watchTarget(resourceTarget(uri)!), headers: {} }, sink);
    if ('status' in opened) throw restError(opened, uri);
    subs.set(uriKey(uri), { watch: opened, sink });
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, ({ params: { uri } }) => {
    subs.get(uriKey(uri))?.watch.closed();
    subs.delete(uriKey(uri));
    return {};
  });
  return {
    close: () => {
      for (const s of subs.values()) s.watch.closed();
      subs.clear();
    },
  };
}
