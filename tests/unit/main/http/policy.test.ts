import { describe, expect, it } from 'vitest';
import {
  bearerMatches, canonicalAppOrigins, checkHost, classifyOrigin, decidePut, isLoopbackAddress,
  parseHostHeader, parseOrigin, preflightHeaders, preflightMethods,
} from '../../../../src/main/http';
import { World } from '../../../../src/shared/ecs';
import { createRouter } from '../../../../src/shared/rest';

const local = { address: '127.0.0.1', port: 27750 };
const none = canonicalAppOrigins([]);

describe('Host check (DNS rebinding)', () => {
  it.each(['localhost', 'localhost:27750', '127.0.0.1', '127.0.0.1:80', '127.1.2.3:9', '[::1]', '[::1]:27750', 'LOCALHOST:1'])('accepts loopback name %s', (host) => {
    expect(checkHost(host, true)).toBeUndefined();
  });

  it.each(['evil.example', 'evil.example:27750', '127.0.0.1.evil.example', 'localhost.evil.example', '192.168.1.5:27750', '127.0.0.256', 'localhost:99999', ''])('refuses %s with a message naming it', (host) => {
    expect(checkHost(host, true)).toMatch(new RegExp(`^Host '${host.replace(/[.[\]]/g, '\\$&')}' is not allowed: `));
  });

  it('allows a missing Host and is off when not bound to loopback', () => {
    expect(checkHost(undefined, true)).toBeUndefined();
    expect(checkHost('evil.example', false)).toBeUndefined();
  });

  it('treats only loopback bind addresses as loopback', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('localhost')).toBe(true);
    expect(isLoopbackAddress('0.0.0.0')).toBe(false);
    expect(isLoopbackAddress('::')).toBe(false);
    expect(isLoopbackAddress('192.168.1.5')).toBe(false);
  });
});

describe('origin classification', () => {
  it.each(['http://localhost', 'http://localhost:5173', 'https://localhost:1', 'http://127.0.0.1:27750', 'http://127.9.9.9', 'http://[::1]:8080'])('%s is loopback', (origin) => {
    expect(classifyOrigin(origin, local, none)).toBe('loopback');
  });

  it.each(['https://evil.example', 'null', 'file://', 'http://localhost.evil.example', 'http://127.0.0.1.nip.io', 'ftp://localhost', 'http://192.168.1.5:27750'])('%s is foreign', (origin) => {
    expect(classifyOrigin(origin, local, none)).toBe('foreign');
  });

  it('no Origin header is its own kind', () => {
    expect(classifyOrigin(undefined, local, none)).toBe('none');
  });

  it('the socket\'s own address and port is the app\'s own origin, another port is not', () => {
    const lan = { address: '::ffff:192.168.1.5', port: 27750 };
    expect(classifyOrigin('http://192.168.1.5:27750', lan, none)).toBe('own');
    expect(classifyOrigin('http://192.168.1.5:8080', lan, none)).toBe('foreign');
    expect(classifyOrigin('http://evil.example:27750', lan, none)).toBe('foreign');
  });

  it('appOrigins are own origins, compared after normalising default ports and case', () => {
    const app = canonicalAppOrigins(['http://MyBox.local:80/', 'https://tools.example']);
    expect(classifyOrigin('http://mybox.local', local, app)).toBe('own');
    expect(classifyOrigin('https://tools.example:443', local, app)).toBe('own');
    expect(classifyOrigin('http://tools.example', local, app)).toBe('foreign');
  });

  it('rejects an appOrigins entry that is not an origin, naming it', () => {
    expect(() => canonicalAppOrigins(['mybox.local:27750'])).toThrow(/appOrigins holds 'mybox.local:27750'/);
  });

  it('parses origins and hosts strictly', () => {
    expect(parseOrigin('https://a.example')).toMatchObject({ hostname: 'a.example', port: 443, canonical: 'https://a.example:443' });
    expect(parseOrigin('http://[::1]:81')).toMatchObject({ hostname: '::1', port: 81, canonical: 'http://[::1]:81' });
    expect(parseOrigin('http://a.example/path')).toBeUndefined();
    expect(parseHostHeader('[::1]:5')).toEqual({ hostname: '::1', port: 5 });
    expect(parseHostHeader('a b')).toBeUndefined();
  });
});

describe('PUT policy', () => {
  it('allows no Origin, loopback and own origins; echoes browser origins with Vary', () => {
    expect(decidePut(undefined, 'none', undefined, undefined)).toEqual({ allowed: true, headers: { 'Access-Control-Allow-Origin': '*' } });
    expect(decidePut('http://localhost:5173', 'loopback', undefined, undefined)).toEqual({ allowed: true, headers: { 'Access-Control-Allow-Origin': 'http://localhost:5173', Vary: 'Origin' } });
    expect(decidePut('http://mybox.local', 'own', undefined, undefined).allowed).toBe(true);
  });

  it('refuses a foreign origin without the token, with the documented message', () => {
    const d = decidePut('https://evil.example', 'foreign', undefined, 's3cret');
    expect(d.allowed).toBe(false);
    expect(!d.allowed && d.error).toBe("PUT from origin 'https://evil.example' is not allowed: use the access token (Authorization: Bearer <token>)");
  });

  it('tells how to configure a token when none is', () => {
    const d = decidePut('https://evil.example', 'foreign', 'Bearer x', undefined);
    expect(!d.allowed && d.error).toMatch(/^PUT from origin 'https:\/\/evil.example' is not allowed: use the access token .*--token/);
  });

  it('allows a foreign origin with the right bearer token only', () => {
    expect(decidePut('https://ok.example', 'foreign', 'Bearer s3cret', 's3cret')).toEqual({ allowed: true, headers: { 'Access-Control-Allow-Origin': 'https://ok.example', Vary: 'Origin' } });
    expect(decidePut('https://ok.example', 'foreign', 'bearer s3cret', 's3cret').allowed).toBe(true);
    expect(decidePut('https://ok.example', 'foreign', 'Bearer s3cre', 's3cret').allowed).toBe(false);
    expect(decidePut('https://ok.example', 'foreign', 'Basic s3cret', 's3cret').allowed).toBe(false);
    expect(decidePut('https://ok.example', 'foreign', 's3cret', 's3cret').allowed).toBe(false);
  });

  it('never matches when no token is configured', () => {
    expect(bearerMatches('Bearer ', undefined)).toBe(false);
    expect(bearerMatches(undefined, 'x')).toBe(false);
    expect(bearerMatches('Bearer x', 'x')).toBe(true);
  });
});

/** The preflight method lists of the contract's endpoint table, as the host passes them. */
const contractRouter = createRouter(new World());
const CONTRACT = preflightMethods({ all: contractRouter.methods, writes: contractRouter.writeMethods });

describe('preflight methods come from the endpoint table', () => {
  it('the contract table answers GET, PUT and DELETE, and PUT and DELETE write', () => {
    expect(CONTRACT).toEqual({ all: 'GET, PUT, DELETE, OPTIONS', read: 'GET, OPTIONS' });
  });

  it('a table with DELETE grants it to writers only', () => {
    expect(preflightMethods({ all: ['GET', 'PUT', 'DELETE'], writes: ['PUT', 'DELETE'] })).toEqual({ all: 'GET, PUT, DELETE, OPTIONS', read: 'GET, OPTIONS' });
  });
});

describe('preflight headers', () => {
  it('grants every method to origins that may PUT and echoes them', () => {
    for (const kind of ['loopback', 'own'] as const) {
      expect(preflightHeaders('http://localhost:3000', kind, false, false, CONTRACT)).toEqual({
        'Access-Control-Allow-Origin': 'http://localhost:3000',
        'Access-Control-Allow-Methods': 'GET, PUT, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type',
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
  });

  it('grants only reads to a foreign origin when no token is configured', () => {
    const h = preflightHeaders('https://evil.example', 'foreign', false, false, CONTRACT);
    expect(h['Access-Control-Allow-Methods']).toBe('GET, OPTIONS');
    expect(h['Access-Control-Allow-Origin']).toBe('*');
  });

  it('grants PUT to a foreign origin when a token is configured', () => {
    const h = preflightHeaders('https://ok.example', 'foreign', true, false, CONTRACT);
    expect(h['Access-Control-Allow-Methods']).toBe('GET, PUT, DELETE, OPTIONS');
    expect(h['Access-Control-Allow-Origin']).toBe('https://ok.example');
  });

  it('answers a private-network request only when asked', () => {
    expect(preflightHeaders(undefined, 'none', false, true, CONTRACT)['Access-Control-Allow-Private-Network']).toBe('true');
    expect(preflightHeaders(undefined, 'none', false, false, CONTRACT)['Access-Control-Allow-Private-Network']).toBeUndefined();
  });
});
