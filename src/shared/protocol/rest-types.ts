// The one request and reply shape of the REST interface, shared by the pure router (src/shared/rest),
// the HTTP transport (src/main/http), the desktop app's in-process calls and the tests. Besides
// what goes on the wire, a reply carries what the transport needs to know about it, as fields.

/** One request: method, raw request target (never decoded), lower-case headers. */
export interface RestRequest {
  /** Upper-case method (GET, PUT, …); a HEAD request arrives as `GET` (the transport drops the body). */
  method: string;
  /** Raw request target exactly as received, e.g. `/set/Sun&data=%7B...`; parameters start at the first `?` or `&`. */
  url: string;
  /** Request headers with lower-case names (the transport passes them; in-process calls may leave them out). */
  headers?: Record<string, string | undefined>;
  /** The body, for the endpoints that take one (a row with `body`: PUT /history/import); other bodies are read and dropped by the transport. */
  body?: Uint8Array;
}

/** Why a 404 was answered: no such endpoint (counted as "not handled"), or nothing at that path. */
export type NotFoundKind = 'endpoint' | 'entity';

/** A reply: status, extra headers (e.g. `Allow`), JSON text, and what the transport may do with it. */
export interface RestReply {
  /** HTTP status code. */
  status: number;
  /** Extra reply headers; `Content-Type` defaults to `application/json`. */
  headers?: Record<string, string>;
  /** JSON text (errors are `{"error": "..."}`); empty only for 204 and for a reply with `bytes`. */
  body: string;
  /** A binary body sent instead of `body` (GET /history/export), with the Content-Type its headers give. */
  bytes?: Uint8Array;
  /**
   * True when the router keeps this very reply and may give it again (its reply cache, while the
   * world is unchanged): the transport may then keep the encoded bytes with it. Default false.
   */
  cacheable?: boolean;
  /** Set on a 404: what was not found. */
  notFound?: NotFoundKind;
  /** On an error reply made by the router: its message, as in the body (in-process readers need not parse it). */
  error?: string;
  /**
   * Set when the reply is not ready yet (GET /history/export, PUT /history/import: work that runs
   * between frames): the reply to send is what this promise gives, and the fields above only hold
   * its place. Transports wait for it; in-process callers that need the reply await it too.
   */
  pending?: Promise<RestReply>;
}

/** The pure REST router as the transport sees it: request in, reply out (synchronously or as a promise). */
export type RestHandler = (req: RestRequest) => RestReply | Promise<RestReply>;
