// The fetch the bench's MCP clients hand to the SDK's HTTP transport. The transport passes one
// long-lived AbortSignal (its own, aborted at close) to every request, and Node's fetch adds an
// 'abort' listener to it per request that it drops only when the garbage collector finds the
// request gone: a client making thousands of calls a minute holds thousands of listeners between
// collections and prints a MaxListenersExceeded warning for each one past the limit. Here each
// request gets its own signal, tied to the transport's until the response's body has been read
// (or the request failed), so the transport's close still aborts whatever is in flight.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** A FetchLike giving each request its own AbortSignal, aborted with the caller's while the request or its body is in flight. */
export const fetchWithRequestSignal: FetchLike = async (url, init) => {
  const outer = init?.signal;
  if (!outer) return fetch(url, init);
  const own = new AbortController();
  const pass = () => own.abort(outer.reason);
  if (outer.aborted) pass(); else outer.addEventListener('abort', pass, { once: true });
  const untie = () => outer.removeEventListener('abort', pass);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: own.signal });
  } catch (e) {
    untie();
    throw e;
  }
  if (!response.body) { untie(); return response; }
  // The body passes through unchanged; its end, an error or the reader's cancel unties the signals.
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(into) {
      try {
        const { done, value } = await reader.read();
        if (done) { untie(); into.close(); } else into.enqueue(value);
      } catch (e) {
        untie();
        into.error(e);
      }
    },
    cancel(reason) { untie(); return reader.cancel(reason); },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
};
