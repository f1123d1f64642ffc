import { describe, expect, it } from 'vitest';
import { describeClientError } from '../../../../src/main/http';

const limits = { maxTargetBytes: 100, maxHeaderBytes: 50 };
const overflow = (packet: string) => Object.assign(new Error('Header overflow'), { code: 'HPE_HEADER_OVERFLOW', rawPacket: Buffer.from(packet) });

describe('describeClientError', () => {
  it('reports an over-long request line as 414', () => {
    expect(describeClientError(overflow(`GET /${'a'.repeat(200)}`), limits)?.status).toBe(414);
    expect(describeClientError(overflow('a'.repeat(200)), limits)?.status).toBe(414);
  });

  it('reports 414, not 431, when the overflow comes in a later packet that ends the request line', () => {
    // A long target sent in several packets: the one node overflows in holds the target's tail,
    // the line break and the headers.
    const r = describeClientError(overflow(`${'a'.repeat(200)} HTTP/1.1\r\nHost: x\r\n\r\n`), limits);
    expect(r).toEqual({ status: 414, message: 'request target is longer than 100 bytes: shorten the URL (e.g. a smaller query or data parameter)' });
  });

  it('reports over-large headers after a normal request line as 431', () => {
    const r = describeClientError(overflow(`GET / HTTP/1.1\r\nHost: x\r\nX: ${'a'.repeat(200)}`), limits);
    expect(r).toEqual({ status: 431, message: 'request line and headers are larger than 150 bytes: send fewer or smaller headers' });
  });

  it('maps timeouts to 408, parse errors to 400 naming the code, and broken connections to nothing', () => {
    expect(describeClientError(Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), limits)?.status).toBe(408);
    expect(describeClientError(Object.assign(new Error('Invalid method'), { code: 'HPE_INVALID_METHOD' }), limits)?.message).toMatch(/^malformed HTTP request \(HPE_INVALID_METHOD: Invalid method\)/);
    expect(describeClientError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), limits)).toBeUndefined();
  });
});
