// The reply-writer step of the request path on its own, against a recording response.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createHttpCounters } from '../../../../src/main/http/counters';
import { createReplyWriter } from '../../../../src/main/http/reply-writer';
import type { RestRequest } from '../../../../src/main/http/types';

/** A response that records what was written. */
function recorder() {
  const rec = { status: 0, headers: {} as OutgoingHttpHeaders, body: undefined as unknown, destroyed: false, shouldKeepAlive: true };
  const res = {
    get destroyed() { return rec.destroyed; },
    set shouldKeepAlive(v: boolean) { rec.shouldKeepAlive = v; },
    writeHead(status: number, headers: OutgoingHttpHeaders) { rec.status = status; rec.headers = headers; },
    end(body?: unknown) { rec.body = body; },
  } as unknown as ServerResponse;
  return { res, rec };
}

const rreq: RestRequest = { method: 'GET', url: '/entity/Sun', headers: {} };

function writer(closing = false) {
  const counters = createHttpCounters();
  const errors: unknown[] = [];
  return { counters, errors, w: createReplyWriter({ counters, server: { closing }, onHandlerError: (e) => errors.push(e) }) };
}

describe('reply writer', () => {
  it('writes a reply with its length, CORS and no body for HEAD, and counts it', () => {
    const { w, counters } = writer();
    const { res, rec } = recorder();
    w.sendReply(res, rreq, { status: 200, body: '{"é":1}' }, { 'Access-Control-Allow-Origin': '*' }, false);
    expect(rec).toMatchObject({ status: 200, body: '{"é":1}', shouldKeepAlive: true });
    expect(rec.headers).toMatchObject({ 'Content-Type': 'application/json', 'Content-Length': 8, 'Access-Control-Allow-Origin': '*' });
    const head = recorder();
    w.sendReply(head.res, rreq, { status: 200, body: '{}' }, {}, true);
    expect(head.rec.body).toBeUndefined();
    expect(head.rec.headers['Content-Length']).toBe(2);
    expect(counters.request_handled_ok_count).toBe(2);
  });

  it('counts a request for no endpoint apart from other errors', () => {
    const { w, counters } = writer();
    w.sendReply(recorder().res, rreq, { status: 404, body: '{"error":"unknown endpoint"}', notFound: 'endpoint' }, {}, false);
    w.sendReply(recorder().res, rreq, { status: 404, body: '{"error":"no entity"}', notFound: 'entity' }, {}, false);
    expect(counters.request_not_handled_count).toBe(1);
    expect(counters.request_handled_error_count).toBe(1);
  });

  it('turns a reply that is not one, or has a header node refuses, into a 500 that names the request', () => {
    const { w, errors } = writer();
    const a = recorder();
    w.sendReply(a.res, rreq, { body: 3 }, {}, false);
    expect(a.rec.status).toBe(500);
    expect(String(a.rec.body)).toContain('GET /entity/Sun');
    const b = recorder();
    w.sendReply(b.res, rreq, { status: 200, body: '{}', headers: { 'X-Bad': 'a\nb' } }, {}, false);
    expect(b.rec.status).toBe(500);
    expect(String(b.rec.body)).toContain('X-Bad');
    expect(errors).toHaveLength(2);
  });

  it('writes a cacheable body as the same encoded bytes each time', () => {
    const { w } = writer();
    const reply = { status: 200, body: `"${'x'.repeat(5000)}"`, cacheable: true };
    const a = recorder(), b = recorder();
    w.sendReply(a.res, rreq, reply, {}, false);
    w.sendReply(b.res, rreq, reply, {}, false);
    expect(Buffer.isBuffer(a.rec.body)).toBe(true);
    expect(a.rec.body).toBe(b.rec.body);
    expect((a.rec.body as Buffer).toString()).toBe(reply.body);
  });

  // A GET answered anew (no reply cache) between frames is often the very text sent before.
  it('sends a large body made again as the bytes of that text, and a changed one as its own', () => {
    const { w } = writer();
    const text = (last: string) => `"${'x'.repeat(5000)}${last}"`;
    const sent: unknown[] = [];
    for (const body of [text('a'), text('a'), text('a'), text('b'), text('b'), text('a'), `${text('a')} `]) {
      const r = recorder();
      w.sendReply(r.res, rreq, { status: 200, body }, {}, false);
      expect(Buffer.from(r.rec.body as string).toString(), 'the bytes sent').toBe(body);
      expect(r.rec.headers['Content-Length']).toBe(Buffer.byteLength(body));
      sent.push(r.rec.body);
    }
    // The third time of the same text is the second's bytes, not encoded again.
    expect(Buffer.isBuffer(sent[1])).toBe(true);
    expect(sent[2]).toBe(sent[1]);
  });

  it('closes the connection after an invalid request or once the server is closing', () => {
    const { w, counters } = writer();
    const bad = recorder();
    w.sendError(bad.res, 413, 'too large', 'invalid');
    expect(bad.rec).toMatchObject({ status: 413, shouldKeepAlive: false });
    expect(counters.request_invalid_count).toBe(1);
    const closing = recorder();
    writer(true).w.sendReply(closing.res, rreq, { status: 200, body: '{}' }, {}, false);
    expect(closing.rec.shouldKeepAlive).toBe(false);
  });
});
