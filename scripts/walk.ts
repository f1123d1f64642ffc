// `npm run walk [-- [--all] <method> <target>]`: follows one live request through the code and prints the
// files it passes, in order, and how often it steps back into a file it had left.
//
// How: the demo host runs in this process on its own port; after the warm-up its frame loop is
// stopped, so no frame falls due during the traced request (the host's runDueFrame finds none). V8's precise coverage (node:inspector, Profiler.takePreciseCoverage) names the
// functions of src/ that one warm request runs; a logpoint at the entry of each (a breakpoint whose
// condition records the call and never pauses) then traces a second request: every entry with the
// project files on its stack. A step is a move from one file to another: into a callee's file, or
// back into a caller's file that goes on to call something else. A step back enters a file that
// the request had already been in and left. Calls into the store, the query engine and the
// serializers count as work of the file that made them (--all shows them as files of their own).
// Default request: GET /entity/Sun/Earth.
import { Session } from 'node:inspector/promises';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { parseHostOptions } from '../src/main/cli';
import { Host } from '../src/main/host';

/** Port of the walk's host (outside the default 27750, so a running host is not disturbed). */
const PORT = Number(process.env.WALK_PORT ?? 28_517);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** One function of src/ that the request ran. */
interface Fn { readonly file: string; readonly name: string }

/** A file of the project, relative to the root, from a script URL or stack frame; undefined for node's and dependencies' code. */
function projectFile(url: string): string | undefined {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (!path.startsWith(ROOT) || path.includes('/node_modules/')) return undefined;
  const rel = relative(ROOT, path);
  return rel.startsWith('src/') ? rel : undefined;
}

/** The project files on a stack trace, innermost first (one entry per frame). */
function stackFiles(stack: string): string[] {
  const out: string[] = [];
  for (const line of stack.split('\n')) {
    const m = /\((.*?):\d+:\d+\)$/.exec(line) ?? /at (.*?):\d+:\d+$/.exec(line);
    if (!m) continue;
    const f = projectFile(m[1]!);
    if (f !== undefined) out.push(f);
  }
  return out;
}

function send(method: string, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, method, path: target, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => { body += c; }).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Makes the next GET miss the reply cache, which keeps a reply while the world is unchanged: one
 * anonymous entity is created and deleted (changeCount moves; the demo's entities are untouched).
 */
function touch(host: Host): void {
  host.world.delete(host.world.newEntity());
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const [method = 'GET', target = '/entity/Sun/Earth'] = args.filter((a) => a !== '--all');
  const host = new Host(parseHostOptions(['node', 'walk', '--port', String(PORT), '--no-mcp']), ROOT);
  await host.start();
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Debugger.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    // Warm: lazy set-up (schemas, caches of names) is not part of a request's pass.
    for (let i = 0; i < 3; i++) await send(method, target);
    host.app.stop();
    touch(host);
    await session.post('Profiler.takePreciseCoverage'); // resets the counts
    await send(method, target);
    const { result } = await session.post('Profiler.takePreciseCoverage');
    await session.post('Profiler.stopPreciseCoverage');

    // A logpoint at the first breakable place of every function the request ran.
    const fns: Fn[] = [];
    const trace: { fn: number; stack: string[] }[] = [];
    (globalThis as { __walkHit?: (fn: number) => void }).__walkHit = (fn) => trace.push({ fn, stack: stackFiles(new Error().stack ?? '') });
    Error.stackTraceLimit = 200;
    for (const script of result) {
      const file = projectFile(script.url);
      if (file === undefined) continue;
      for (const f of script.functions) {
        const range = f.ranges[0]!;
        if (range.count === 0 || f.functionName === '' && range.startOffset === 0) continue;
        const start = offsetLocation(await source(session, script.scriptId), range.startOffset);
        const end = offsetLocation(await source(session, script.scriptId), range.endOffset);
        const { locations } = await session.post('Debugger.getPossibleBreakpoints', {
          start: { scriptId: script.scriptId, ...start }, end: { scriptId: script.scriptId, ...end }, restrictToFunction: true,
        });
        const at = locations[0];
        if (at === undefined) continue;
        fns.push({ file, name: f.functionName || '(anonymous)' });
        await session.post('Debugger.setBreakpoint', { location: at, condition: `globalThis.__walkHit(${fns.length - 1}), false` });
      }
    }
    touch(host);
    const reply = await send(method, target);
    // The close of the response (counters) comes after the reply has been read.
    await new Promise((r) => setTimeout(r, 50));
    await session.post('Debugger.disable');
    print(method, target, reply.status, fns, trace, all);
  } finally {
    session.disconnect();
    await host.stop();
  }
}

const sources = new Map<string, string>();
async function source(session: Session, scriptId: string): Promise<string> {
  let s = sources.get(scriptId);
  if (s === undefined) sources.set(scriptId, (s = (await session.post('Debugger.getScriptSource', { scriptId })).scriptSource));
  return s;
}

function offsetLocation(text: string, offset: number): { lineNumber: number; columnNumber: number } {
  let line = 0, lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) { line++; lineStart = i + 1; }
  return { lineNumber: line, columnNumber: offset - lineStart };
}

/**
 * Folders whose functions are the work a handler asks for (the store, the query engine, the
 * serializers, the app's clock), not steps of the request path: unless --all is given, a call into
 * them is counted as time spent in the file that made it.
 */
const WORK = /^src\/shared\/(ecs|query|json|app|pipeline|monitor)\/|^src\/shared\/clock\.ts$/;

/** The files in the order the request is in them, from the traced entries (a caller that resumes counts as a stay). */
function stays(fns: readonly Fn[], trace: readonly { fn: number; stack: string[] }[], all: boolean): string[] {
  const out: string[] = [];
  const enter = (file: string | undefined) => { if (file !== undefined && out[out.length - 1] !== file) out.push(file); };
  for (const hit of trace) {
    // The host's frame loop (the app's timers) is not part of the request: keep what runs under the HTTP transport.
    if (!hit.stack.some((f) => f.startsWith('src/main/http/'))) continue;
    const own = fns[hit.fn]!.file;
    const stack = all ? hit.stack : hit.stack.filter((f) => !WORK.test(f));
    // A call into the work folders stays in the file that made it (stack[0] is then that file).
    if (!all && WORK.test(own)) { enter(stack[0]); continue; }
    enter(stack[1]);
    enter(own);
  }
  return out;
}

function print(method: string, target: string, status: number, fns: readonly Fn[], trace: readonly { fn: number; stack: string[] }[], all: boolean): void {
  const path = stays(fns, trace, all);
  const seen = new Set<string>();
  let back = 0;
  const lines: string[] = [];
  path.forEach((file, i) => {
    const again = seen.has(file);
    if (again) back++;
    seen.add(file);
    lines.push(`${String(i + 1).padStart(3)}  ${again ? 'back ' : '     '}${file}`);
  });
  console.log(`${method} ${target} -> ${status}`);
  console.log(lines.join('\n'));
  console.log(`${seen.size} files, ${path.length - 1} steps, ${back} back`);
}

await main();
