// The guard step of the request path on its own: target length, Host check, origin policy.
import { describe, expect, it, vi } from 'vitest';

// checkHost counted, so the test sees whether a verdict was remembered or worked out again.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../../src/main/http/policy', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../src/main/http/policy')>();
  return { ...real, checkHost: (...args: Parameters<typeof real.checkHost>) => { checks.count++; return real.checkHost(...args); } };
});

import { DEFAULT_HTTP_OPTIONS } from '../../../../src/main/http/options';
import { corsFor, createHostGuard, preflightReplyHeaders, targetTooLong } from '../../../../src/main/http/request-policy';

const local = { localAddress: '127.0.0.1', localPort: 28200 };
const noApps = new Set<string>();

describe('request guard', () => {
  it('refuses a request target over the limit with 414 and says how long it was', () => {
    expect(targetTooLong('/x'.repeat(10), 20)).toBeUndefined();
    const r = targetTooLong('/'.repeat(21), 20);
    expect(r?.status).toBe(414);
    expect(r?.message).toContain('21 bytes');
  });

  it('refuses a Host that is not this server when the check is on, and remembers the verdict', () => {
    const guard = createHostGuard(true);
    expect(guard('127.0.0.1:28200')).toBeUndefined();
    expect(guard('localhost:28200')).toBeUndefined();
    expect(guard('evil.example:28200')).toMatch(/evil\.example/);
    // Asked again, every host is answered from memory: the same verdicts, checkHost not called.
    const before = checks.count;
    expect(guard('evil.example:28200')).toMatch(/evil\.example/);
    expect(guard('127.0.0.1:28200')).toBeUndefined();
    expect(checks.count).toBe(before);
    expect(createHostGuard(false)('evil.example')).toBeUndefined();
  });

  it('remembers at most 64 hosts, then starts over', () => {
    const guard = createHostGuard(true);
    for (let i = 0; i < 64; i++) guard(`h${i}.example:1`);
    const full = checks.count;
    guard('h0.example:1');
    expect(checks.count).toBe(full);
    guard('h64.example:1'); // the 65th host: the memory is cleared, then holds only this one
    guard('h0.example:1');
    expect(checks.count).toBe(full + 2);
  });

  it('lets every GET through with read CORS and refuses a foreign PUT without the token', () => {
    expect(corsFor('GET', { origin: 'https://evil.example' }, local, DEFAULT_HTTP_OPTIONS, noApps).cors)
      .toEqual({ 'Access-Control-Allow-Origin': '*' });
    const foreign = corsFor('PUT', { origin: 'https://evil.example' }, local, DEFAULT_HTTP_OPTIONS, noApps);
    expect(foreign.refusal?.status).toBe(403);
    expect(foreign.refusal?.message).toMatch(/--token/);
    const withToken = corsFor('PUT', { origin: 'https://ok.example', authorization: 'Bearer s3cret' }, local, { ...DEFAULT_HTTP_OPTIONS, token: 's3cret' }, noApps);
    expect(withToken.cors?.['Access-Control-Allow-Origin']).toBe('https://ok.example');
    expect(corsFor('PUT', {}, local, DEFAULT_HTTP_OPTIONS, noApps).refusal).toBeUndefined();
  });

  it('answers a preflight with the methods the origin may use', () => {
    const foreign = preflightReplyHeaders({ origin: 'https://evil.example' }, local, DEFAULT_HTTP_OPTIONS, noApps);
    expect(foreign['Access-Control-Allow-Methods']).toBe('GET, OPTIONS');
    const loop = preflightReplyHeaders({ origin: 'http://127.0.0.1:5173', 'access-control-request-private-network': 'true' }, local, DEFAULT_HTTP_OPTIONS, noApps);
    expect(loop['Access-Control-Allow-Methods']).toBe('GET, PUT, OPTIONS');
    expect(loop['Access-Control-Allow-Private-Network']).toBe('true');
  });

  it("takes the write methods from the handler's table: DELETE is guarded like PUT once a table answers it", () => {
    const withDelete = { ...DEFAULT_HTTP_OPTIONS, restMethods: { all: ['GET', 'PUT', 'DELETE'], writes: ['PUT', 'DELETE'] } };
    const refused = corsFor('DELETE', { origin: 'https://evil.example' }, local, withDelete, noApps);
    expect(refused.refusal?.status).toBe(403);
    expect(refused.refusal?.message).toMatch(/^DELETE from origin 'https:\/\/evil\.example' is not allowed/);
    expect(preflightReplyHeaders({ origin: 'http://127.0.0.1:5173' }, local, withDelete, noApps)['Access-Control-Allow-Methods']).toBe('GET, PUT, DELETE, OPTIONS');
    // Without DELETE in the table the router answers it 405 and no policy applies.
    expect(corsFor('DELETE', { origin: 'https://evil.example' }, local, DEFAULT_HTTP_OPTIONS, noApps).refusal).toBeUndefined();
  });
});
