// The fault record of a world: what a part's boundary reports is counted (in all and per kind),
// kept among the last RECENT_FAULTS, logged once with its stack, stamped with the app's frame, and
// passed to listeners; a listener that throws is logged and the others still hear of the fault.
import { describe, expect, test, vi } from 'vitest';
import { App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';
import { FAULT_KINDS, RECENT_FAULTS, faultsOf, type Fault } from '../../../../src/shared/pipeline';

describe('the fault record', () => {
  test('counts per kind, keeps the newest, logs each once with its stack, stamps the frame', () => {
    const w = new World();
    const app = new App(w, { manual: true });
    const faults = faultsOf(w);
    expect(faultsOf(w)).toBe(faults);
    expect(faultsOf(new World())).not.toBe(faults);
    const logged: string[] = [];
    faults.log = (line) => { logged.push(line); };
    app.step(1 / 60);
    app.step(1 / 60);
    expect(faults.recent).toEqual([]);
    const err = new Error('boom');
    const f = faults.report('watch', '/query?q=Planet', err);
    expect(f).toEqual({ kind: 'watch', part: '/query?q=Planet', error: 'boom', frame: 2 });
    expect(faults.recent).toEqual([f]);
    expect(logged).toEqual([`ecs-live: watch '/query?q=Planet' threw and was closed (frame 2): boom\n${err.stack}`]);
    // A thrown value that is not an Error is reported as its text, without a stack.
    faults.report('mcp', 'tool query', 'plain text');
    expect(logged[1]).toBe("ecs-live: mcp 'tool query' threw and was closed (frame 2): plain text");

    expect(faults.count).toBe(2);
    expect(faults.byKind).toEqual({ ...Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])), watch: 1, mcp: 1 });
    for (let i = 0; i < RECENT_FAULTS + 3; i++) faults.report('system', `S${i}`, new Error(`e${i}`));
    expect(faults.count).toBe(RECENT_FAULTS + 5);
    expect(faults.byKind.system).toBe(RECENT_FAULTS + 3);
    expect(faults.recent.map((r) => r.part)).toEqual(Array.from({ length: RECENT_FAULTS }, (_, i) => `S${i + 3}`));
    expect(logged).toHaveLength(RECENT_FAULTS + 5);
  });

  test('listeners hear every fault until they stop; one that throws is logged and the others still hear', () => {
    const w = new World();
    const faults = faultsOf(w);
    const logged: string[] = [];
    faults.log = (line) => { logged.push(line); };
    const heard: string[] = [], second: Fault[] = [];
    faults.onFault(() => { throw new Error('listener broke'); });
    const stop = faults.onFault((f) => { heard.push(f.part); });
    faults.onFault((f) => { second.push(f); });
    faults.report('frame_hook', 'h1', new Error('x'));
    expect(heard).toEqual(['h1']);
    expect(second.map((f) => f.part)).toEqual(['h1']);
    expect(logged[1]).toBe('ecs-live: a fault listener threw: listener broke');
    stop();
    stop();
    // The first listener can stop too.
    const firstHeard: string[] = [];
    const other = new World();
    faultsOf(other).log = () => {};
    const stopFirst = faultsOf(other).onFault((f) => { firstHeard.push(f.part); });
    faultsOf(other).report('frame_hook', 'a', new Error('x'));
    stopFirst();
    faultsOf(other).report('frame_hook', 'b', new Error('x'));
    expect(firstHeard).toEqual(['a']);
    faults.report('frame_hook', 'h2', new Error('y'));
    expect(heard).toEqual(['h1']);
    expect(second.map((f) => f.part)).toEqual(['h1', 'h2']);
  });

  test('a world without an app stamps frame 0; a thrown value that only looks like an Error is logged as its text', () => {
    const faults = faultsOf(new World());
    const logged: string[] = [];
    faults.log = (line) => { logged.push(line); };
    expect(faults.report('request', 'GET /x', { message: 'm', stack: 'not a stack', toString: () => 'like an error' }).frame).toBe(0);
    expect(logged).toEqual(["ecs-live: request 'GET /x' threw and was closed (frame 0): like an error"]);
  });

  test('without a log of its own, a fault is written to the console\'s error stream', () => {
    const lines: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => { lines.push(line); });
    try {
      faultsOf(new World()).report('stream', 'S', 'gone');
    } finally {
      spy.mockRestore();
    }
    expect(lines).toEqual(["ecs-live: stream 'S' threw and was closed (frame 0): gone"]);
  });
});
