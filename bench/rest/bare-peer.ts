// Parent side of the transport peer (bare-server.ts): starts it with a set of fixed replies.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BareRoute } from './bare-server';
import { startIpcChild, type IpcChild } from './ipc-child';

export type { BareRoute } from './bare-server';

/** Starts a bare node:http server in its own process answering `routes` (first matching prefix wins). */
export async function startBarePeer(routes: readonly BareRoute[]): Promise<IpcChild> {
  const dir = mkdtempSync(join(tmpdir(), 'bare-peer-'));
  const file = join(dir, 'routes.json');
  writeFileSync(file, JSON.stringify(routes));
  try {
    return await startIpcChild(join(import.meta.dirname, 'bare-server.ts'), [file]);
  } finally {
    // The child has read the file once it reports ready (or it failed); either way it is done with it.
    rmSync(dir, { recursive: true, force: true });
  }
}
