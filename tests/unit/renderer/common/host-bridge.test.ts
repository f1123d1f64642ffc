// hostBridge: the one lookup of the desktop app's bridge that both pages use.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { hostBridge } from '../../../../src/renderer/common';

afterEach(() => { vi.unstubAllGlobals(); });

describe('hostBridge', () => {
  test('undefined in a browser (no window.ecsHost)', () => {
    vi.stubGlobal('window', {});
    expect(hostBridge()).toBeUndefined();
  });

  test('the bridge the preload exposed, when it can answer requests', () => {
    const bridge = { appInfo: vi.fn(), openExplorer: vi.fn(), request: vi.fn() };
    vi.stubGlobal('window', { ecsHost: bridge });
    expect(hostBridge()).toBe(bridge);
  });

  test('undefined when window.ecsHost is something else', () => {
    vi.stubGlobal('window', { ecsHost: { request: 'not a function' } });
    expect(hostBridge()).toBeUndefined();
  });
});
