// The explorer's transports send every request to the host's contract mount, over HTTP and
// through the desktop bridge alike, so the explorer speaks the contract to a host of any dialect.
import { describe, expect, test } from 'vitest';
import { bridgeTransport, httpTransport, type FetchFn } from '../../../../../src/renderer/explorer/client/transport';

describe('the explorer\'s transports', () => {
  test('over HTTP a target goes under /contract of the base URL; the label stays the host', async () => {
    const asked: string[] = [];
    const fetchFn: FetchFn = async (input) => { asked.push(input); return { status: 200, text: async () => '{}' }; };
    const t = httpTransport('http://127.0.0.1:27750/', fetchFn);
    expect(await t.request('GET', '/entity/Sun?values=true')).toEqual({ status: 200, body: '{}' });
    await t.request('PUT', '/disable/Sun/Earth');
    expect(asked).toEqual(['http://127.0.0.1:27750/contract/entity/Sun?values=true', 'http://127.0.0.1:27750/contract/disable/Sun/Earth']);
    expect(t.label).toBe('http://127.0.0.1:27750');
    expect(t.base).toBe('http://127.0.0.1:27750/contract');
  });

  test('through the desktop bridge a target goes under /contract too', async () => {
    const asked: [string, string][] = [];
    const t = bridgeTransport({ request: async (method, url) => { asked.push([method, url]); return { status: 200, body: '{}', headers: {} }; } });
    await t.request('GET', '/query?q=Planet');
    expect(asked).toEqual([['GET', '/contract/query?q=Planet']]);
    expect(t.base).toBe('/contract');
  });
});
