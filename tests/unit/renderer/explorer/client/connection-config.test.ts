import { describe, expect, it } from 'vitest';
import { connectionConfig, hostBaseUrl } from '../../../../../src/renderer/explorer/client/connection-config';

describe('connectionConfig', () => {
  it("connects to the page's own origin in a browser", () => {
    expect(connectionConfig('', 'http://127.0.0.1:27750', false)).toEqual({ mode: 'http', baseUrl: 'http://127.0.0.1:27750' });
  });

  it('uses the desktop bridge when there is one, unless remote=true', () => {
    expect(connectionConfig('', 'file://', true).mode).toBe('local');
    expect(connectionConfig('?remote=true', 'http://127.0.0.1:27750', true)).toEqual({ mode: 'http', baseUrl: 'http://127.0.0.1:27750' });
    expect(connectionConfig('?remote=true', 'file://', true).baseUrl).toBe('http://127.0.0.1:27750');
  });

  it('picks another app with ?host=h:p', () => {
    expect(connectionConfig('?host=10.0.0.5:8000', 'http://127.0.0.1:27750', false)).toEqual({ mode: 'http', baseUrl: 'http://10.0.0.5:8000' });
    expect(connectionConfig('?host=localhost:9000', 'file://', true)).toEqual({ mode: 'http', baseUrl: 'http://localhost:9000' });
  });

  it('warns about a host it cannot use and keeps working', () => {
    const c = connectionConfig('?host=bad host/x', 'http://127.0.0.1:27750', false);
    expect(c.baseUrl).toBe('http://127.0.0.1:27750');
    expect(c.warning).toContain('bad host/x');
  });

  it('reads host forms', () => {
    expect(hostBaseUrl('example.com')).toBe('http://example.com:27750');
    expect(hostBaseUrl('https://example.com:443/')).toBe('https://example.com:443');
    expect(hostBaseUrl('[::1]:27750')).toBe('http://[::1]:27750');
    expect(hostBaseUrl('a b')).toBeUndefined();
  });
});
