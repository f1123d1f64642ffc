import { describe, expect, it } from 'vitest';
import { RestError, parseReply } from '../../../../../src/renderer/explorer/client/rest-error';

function failure(fn: () => unknown): RestError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RestError) return err;
    throw err;
  }
  throw new Error('expected a RestError');
}

describe('parseReply', () => {
  it('returns the JSON of a success, and {} for an empty body (PUT replies)', () => {
    expect(parseReply(200, '{"path":"Sun"}', '/entity/Sun')).toEqual({ path: 'Sun' });
    expect(parseReply(200, '', '/enable/Sun')).toEqual({});
  });

  it("carries the server's error text, status and query position", () => {
    const e = failure(() => parseReply(400, '{"error":"unexpected end of query\\n(Foo\\n    ^","position":4}', '/query?q=(Foo'));
    expect(e.message).toBe('unexpected end of query\n(Foo\n    ^');
    expect(e.status).toBe(400);
    expect(e.position).toBe(4);
    expect(e.url).toBe('/query?q=(Foo');
    expect(e.kind).toBe('http');
  });

  it('shows a non-JSON error body as it is instead of hiding it', () => {
    const e = failure(() => parseReply(404, 'Resource not found', '/foo'));
    expect(e.message).toBe('Resource not found');
    expect(e.status).toBe(404);
  });

  it('says so when a success reply is not JSON', () => {
    const e = failure(() => parseReply(200, '<html>', '/entity/Sun'));
    expect(e.kind).toBe('invalid-reply');
    expect(e.message).toContain('/entity/Sun');
    expect(e.message).toContain('<html>');
  });

  it('keeps a 200 try=true parse error as a value for the caller to show', () => {
    expect(parseReply(200, '{"error":"bad","position":0}', '/query?q=,&try=true')).toEqual({ error: 'bad', position: 0 });
  });
});
