// The desktop bridge's request(method, url) arrives over IPC from a page, so any value may come:
// both the preload and the main process check it the same way before anything reaches the router.
import { describe, expect, test } from 'vitest';
import { BRIDGE_MAX_URL_LENGTH, BRIDGE_METHODS, checkBridgeRequest } from '../../../../src/shared/protocol/bridge';

describe('checkBridgeRequest', () => {
  test('each method the bridge lists passes, in any case, as capitals; others are refused naming the value and the list', () => {
    expect(BRIDGE_METHODS).toEqual(['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);
    for (const m of BRIDGE_METHODS) {
      expect(checkBridgeRequest(m.toLowerCase(), '/entity/Sun')).toEqual({ ok: true, method: m, url: '/entity/Sun' });
    }
    expect(checkBridgeRequest('POST', '/entity/Sun')).toEqual({ ok: false, error: 'ecsHost.request: method "POST" is not one of GET, PUT, DELETE, HEAD, OPTIONS' });
    // A value JSON cannot write (undefined) is still named.
    expect(checkBridgeRequest(undefined, '/')).toEqual({ ok: false, error: 'ecsHost.request: method undefined is not one of GET, PUT, DELETE, HEAD, OPTIONS' });
    expect(checkBridgeRequest(7, '/')).toMatchObject({ ok: false, error: expect.stringContaining('method 7 is not one of') });
  });

  test('the target must be text starting with / and at most the limit long; a refusal shows its first 80 characters', () => {
    const at = (n: number) => `/${'a'.repeat(n - 1)}`;
    expect(checkBridgeRequest('GET', at(BRIDGE_MAX_URL_LENGTH))).toEqual({ ok: true, method: 'GET', url: at(BRIDGE_MAX_URL_LENGTH) });
    const long = checkBridgeRequest('GET', at(BRIDGE_MAX_URL_LENGTH + 1));
    expect(long.ok).toBe(false);
    expect(!long.ok && long.error).toBe(`ecsHost.request: url must be a request target starting with '/' (at most ${BRIDGE_MAX_URL_LENGTH} characters), got ${JSON.stringify(at(80))}`);
    expect(checkBridgeRequest('GET', 'entity/Sun')).toMatchObject({ ok: false, error: expect.stringMatching(/starting with '\/'.*got "entity\/Sun"$/) });
    expect(checkBridgeRequest('GET', 42)).toMatchObject({ ok: false, error: expect.stringMatching(/got "42"$/) });
    expect(checkBridgeRequest('GET', '/')).toEqual({ ok: true, method: 'GET', url: '/' });
  });
});
