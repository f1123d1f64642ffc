// The model-based fuzz, bounded: a few sequences of random commands (every MCP tool, resources,
// sessions, every REST endpoint, watches; valid and invalid arguments; wait_for calls left
// pending while the entities they wait on change) against the built host running its own loop,
// with the invariants of tests/support/fuzz checked after every command. Bounded by the number
// of commands; the long run is `npm run bench -- fuzz`. Needs a build (out/main/ecs-live.js).
import { describe, expect, test, vi } from 'vitest';
import { runFuzz } from '../../../support/fuzz/run-fuzz';

// Each sequence starts a host process; on a loaded 2-core machine that alone takes seconds.
vi.setConfig({ testTimeout: 240_000 });

describe('the host under random MCP and REST traffic (model-based)', () => {
  test('the process lives, every call is answered in its contract, frames advance, the world agrees with the model', async () => {
    const done = await runFuzz({ runs: 2, maxCommands: 40 });
    expect(done.runs).toBe(2);
    // The sequences reached the host: tools, REST and waits were answered.
    expect(done.toolCalls).toBeGreaterThan(0);
    expect(done.restCalls).toBeGreaterThan(0);
  });
});
