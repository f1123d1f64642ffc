// Linux process and port probes for tests that start real processes (`npm start`, start.mjs, the
// host) and check that none outlives its launcher. They read /proc, so they run on Linux only.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

/** Child pids of a process (from /proc). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch { return []; }
}

/** The pids of every process below `pid`. */
export function descendants(pid: number): number[] {
  return childrenOf(pid).flatMap((c) => [c, ...descendants(c)]);
}

/** A process's command line, arguments joined by spaces ('' once it is gone). */
export function commandLine(pid: number): string {
  try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '); } catch { return ''; }
}

/** True while a process with this pid exists and is not a zombie. */
export function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch { return false; }
}

/** Resolves with the error code of a connection attempt to the port ('connected' if it was accepted). */
export function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => { s.destroy(); resolve('connected'); });
    s.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? String(err)));
  });
}
