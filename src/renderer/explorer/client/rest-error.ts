// The one error type of the explorer's REST client: what went wrong, in the server's own words
// when there are any, with the status and the request it came from.
import { toContractNames } from './contract-names';
import { echoed } from '../../../shared/protocol/constants';

/** Why a request failed: no reply at all, an error reply, or a reply that is not JSON. */
export type RestErrorKind = 'network' | 'http' | 'invalid-reply';

/** A failed REST request. `status` is 0 when no reply arrived. */
export class RestError extends Error {
  /** 0-based offset into the query expression, for query parse errors. */
  readonly position: number | undefined;

  constructor(
    message: string,
    /** HTTP status (0 = no reply). */ readonly status: number,
    /** The request target, e.g. "/entity/Sun". */ readonly url: string,
    /** What kind of failure. */ readonly kind: RestErrorKind,
    position?: number,
  ) {
    super(message);
    this.name = 'RestError';
    this.position = position;
  }
}

/** `{error, position}` of a reply body, when the body is such an object. */
export function errorFields(value: unknown): { error: string; position?: number } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as { error?: unknown; position?: unknown };
  if (typeof v.error !== 'string') return undefined;
  return typeof v.position === 'number' ? { error: v.error, position: v.position } : { error: v.error };
}

/** A reply body shown in an error: trimmed, and cut as every echo is, by default at 300 characters (a few lines of the panel). */
function shorten(text: string, max = 300): string {
  return echoed(text.trim(), max);
}

/**
 * The parsed JSON of a reply, or a RestError. Error statuses (>= 400) carry the server's
 * `error` text (or the raw body when it is not the JSON error shape); an empty 2xx body is `{}`.
 * Names are read in the contract's form (see contract-names.ts).
 */
export function parseReply(status: number, body: string, url: string): unknown {
  let value: unknown;
  let parsed = true;
  try {
    value = body.trim() === '' ? {} : JSON.parse(toContractNames(body));
  } catch {
    parsed = false;
  }
  if (status >= 400 || status < 200) {
    const fields = parsed ? errorFields(value) : undefined;
    const text = fields?.error ?? (body.trim() ? shorten(body) : `the server answered ${status} with an empty body`);
    return raise(new RestError(text, status, url, 'http', fields?.position));
  }
  if (!parsed) {
    return raise(new RestError(`the server's reply to ${url} is not JSON: ${shorten(body, 120)}`, status, url, 'invalid-reply'));
  }
  return value;
}

function raise(err: RestError): never {
  throw err;
}

/** The text to show for any error: a RestError's message, or the error's own text. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
