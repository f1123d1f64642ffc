#!/usr/bin/env node
// Mutation testing: Stryker runs over folders of src/shared, and of src/main named as main/<folder>
// (stryker.config.mjs). `npm run mutate` runs the default folders; `npm run mutate -- query json`
// only those; `npm run mutate -- app pipeline ecs monitor main/mcp main/host main/http` the
// frame loop's folders;
// `npm run mutate -- protocol/frame 'protocol/*.ts' json/labels.ts,json/type-info.ts` a subfolder
// or files (globs under src/shared; several joined by ',' make one run). A folder with PARTS runs
// part by part, each against the tests that assert it; the folder's score sums its parts.
// `--concurrency N` and `--timeoutMS N` pass through; `--tests <globs,…>` runs those test files instead;
// `--isolate` gives every test file a fresh module graph for each mutant (slower; its reports go to
// folders ending in `-isolated`), to see whether a kill or a survival depends on module state left
// by an earlier mutant.
// Each run keeps its own incremental file under reports/mutation/<folder>/, so a rerun tests only
// mutants whose source or covering tests changed. The last lines print the scores.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import { MUTATION_EXCLUDE } from './mutate-tests.mjs';

const root = new URL('..', import.meta.url).pathname;
const DEFAULT_FOLDERS = ['protocol', 'rest', 'json', 'query'];
const PROTOCOL_TESTS = 'tests/unit/shared/protocol/**/*.test.ts';
const REST = 'tests/unit/shared/rest';
const CONFORMANCE = 'tests/conformance/**/*.test.ts';
// The tests a folder's mutants run against (Stryker's --testFiles), when not all of
// vitest.mutate.config.ts: the tests that assert what the folder produces. Every reply passes
// through json, so without this each surviving json mutant would rerun well over a thousand tests
// of other folders (minutes per mutant). Fewer tests can only lower a score, never raise it.
const FOLDER_TESTS = {
  json: ['tests/unit/shared/json/**/*.test.ts', `${REST}/**/*.test.ts`, CONFORMANCE],
  // The router's replies, the HTTP layer and crash cases that drive it in-process, and the app's
  // tests (time control through PUT /set on the World).
  // The docs test keeps docs/dialects.md equal to the endpoint tables (their error texts included).
  rest: [`${REST}/**/*.test.ts`, CONFORMANCE, 'tests/unit/main/http/**/*.test.ts', 'tests/unit/main/robustness/**/*.test.ts', 'tests/unit/shared/app/**/*.test.ts',
    'tests/docs/endpoint-tables.test.ts'],
  // The engine's own tests, the endpoints that answer queries, and the systems and alerts built on rules.
  query: ['tests/unit/shared/query/**/*.test.ts', CONFORMANCE, 'tests/unit/shared/pipeline/**/*.test.ts', 'tests/unit/shared/monitor/**/*.test.ts',
    ...['query-endpoint', 'or-comparisons', 'explain-endpoint', 'query-budget', 'query-size', 'query-cache', 'query-default-shape'].map((t) => `${REST}/${t}.test.ts`)],
};
// Folders run part by part: the code of each part is asserted by few test files, and a surviving
// mutant reruns every test that covers it, so a run against all of them takes hours on 2 cores.
// The frame loop's folders: each against the tests that mirror it, plus those that drive it from
// above. The shared folders leave out the host's tests (HOST_TESTS): every frame of a real host runs
// the app, pipeline and monitor, so each of their mutants would rerun tens of seconds of host tests,
// and a run took over 90 minutes on 2 shared cores; their own real-clock tests drive the loop.
const HOST_TESTS = 'tests/unit/main/host/**/*.test.ts';
Object.assign(FOLDER_TESTS, {
  app: ['tests/unit/shared/app/**/*.test.ts', 'tests/unit/shared/pipeline/faults.test.ts', 'tests/unit/main/mcp/mcp-time-control.test.ts'],
  pipeline: ['tests/unit/shared/pipeline/**/*.test.ts', 'tests/unit/shared/app/**/*.test.ts', 'tests/unit/shared/monitor/**/*.test.ts'],
  // The monitor's own tests and the stats endpoint's; not the conformance suite: the monitor runs in
  // every frame of its replays, so each surviving mutant reran all of them (the folder took over 45
  // minutes on a quiet machine), and they assert only the statistics' shape.
  monitor: ['tests/unit/shared/monitor/**/*.test.ts', `${REST}/stats*.test.ts`],
  // The entity reply's cached ids: the readers that rely on the store's structure version.
  ecs: ['tests/unit/shared/ecs/**/*.test.ts', CONFORMANCE, 'tests/unit/shared/json/entity.test.ts'],
  'main/mcp': ['tests/unit/main/mcp/**/*.test.ts'],
  'main/host': [HOST_TESTS],
  'main/http': ['tests/unit/main/http/**/*.test.ts', HOST_TESTS],
});

/** The source path of a folder or file argument: main/<x> under src/, anything else under src/shared. */
function srcPath(p) {
  return p.startsWith('main/') ? `src/${p}` : `src/shared/${p}`;
}

const PARTS = {
  protocol: [
    // The endpoint tables, parameters, replies and /openapi.json: the router's tests that read
    // them (not the caches' property tests).
    { part: 'protocol/*.ts', tests: [PROTOCOL_TESTS, ...['openapi-document', 'documented-defaults', 'router', 'params-reuse', 'query-endpoint', 'entity-endpoint',
      'compat-mode', 'compat-names', 'mutations', 'stats', 'explain-endpoint', 'target', 'query-size', 'query-budget', 'build-world', 'flecs4-dialect'].map((t) => `${REST}/${t}.test.ts`)] },
    { part: 'protocol/watch', tests: [PROTOCOL_TESTS, 'tests/unit/main/host/**/*.test.ts', 'tests/unit/renderer/**/*.test.ts'] },
    { part: 'protocol/frame', tests: [PROTOCOL_TESTS, 'tests/unit/main/frames/**/*.test.ts'] },
    { part: 'protocol/bridge,protocol/constants', tests: [PROTOCOL_TESTS, 'tests/unit/main/desktop/**/*.test.ts', 'tests/unit/renderer/**/*.test.ts'] },
  ],
  // rest and query run in parts only so that each writes its report as it ends: a run of all of
  // either folder takes hours on 2 cores (the router's mutants each rerun over a thousand tests),
  // and a run stopped before its end reports nothing. The lighter parts come first.
  rest: ['rest/contract/put-*.ts,rest/common/put-*.ts', 'rest/contract/get-*.ts,rest/common/get-*.ts', 'rest/flecs4',
    ['common/build-id', 'contract/build-rows', 'contract/table', 'contract/index', 'dialects', 'endpoint-row', 'common/entity-path', 'index',
      'common/index', 'common/monitor-link', 'common/path-lookup', 'common/query-budget', 'contract/query-vars', 'common/replies', 'reply-cache',
      'route-table', 'router', 'target', 'types', 'validate-params'].map((f) => `rest/${f}.ts`).join(',')]
    .map((part) => ({ part, tests: FOLDER_TESTS.rest })),
  // The parser against its own tests (every other query test parses too, and reruns for each of its
  // 1,145 mutants would take hours).
  query: [{ part: 'query/parser', tests: ['tests/unit/shared/query/parser/**/*.test.ts', 'tests/unit/shared/query/size-limits.test.ts'] },
    ...['query/plan.ts,query/plan-contract.ts,query/budget.ts,query/cacheable.ts', 'query/evaluate.ts',
      'query/explain.ts,query/explain-why.ts', 'query/query.ts,query/query-cache.ts,query/registry.ts,query/index.ts']
      .map((part) => ({ part, tests: FOLDER_TESTS.query }))],
};
// The MCP endpoint: every test starts a host and connects a client (a second or more each on 2 shared
// cores), and registering the tools runs in every test, so a surviving mutant there reruns all of
// them: one run of the folder against all its tests went at about one mutant a minute. Each part
// runs against the tests that call what it holds. The tests that drive other client libraries or
// spawn one (the inspector's command line, the official conformance runner, other clients' SDKs)
// are left to the parts they reach: they repeat what the SDK client's tests assert, at many times the cost.
const MCP = (...names) => names.map((t) => `tests/unit/main/mcp/${t}.test.ts`);
PARTS['main/mcp'] = [
  { part: 'main/mcp/wait-for.ts', tests: MCP('mcp-wait-for', 'mcp-limits', 'mcp-budget', 'breakpoint-tools', 'mcp-conformance', 'mcp-tools', 'mcp-answers') },
  { part: 'main/mcp/resources.ts', tests: MCP('mcp-resources', 'mcp-slow-subscriber', 'mcp-limits', 'mcp-session-expiry') },
  // One part per file: a mutant that makes a step or a wait never end holds its runner for the
  // whole timeout, so the three together ran for hours and reported nothing until their end.
  { part: 'main/mcp/history-tools.ts', tests: MCP('mcp-history', 'mcp-tools', 'mcp-conformance') },
  { part: 'main/mcp/time-control-tool.ts', tests: MCP('mcp-time-control', 'mcp-tools', 'mcp-conformance') },
  { part: 'main/mcp/breakpoint-tools.ts', tests: MCP('breakpoint-tools', 'mcp-tools', 'mcp-conformance') },
  // The summaries apart from the tools that call them: each writes its report as it ends.
  { part: ['stats-summary', 'world-summary'].map((f) => `main/mcp/${f}.ts`).join(','), tests: MCP('stats-summary', 'world-summary', 'mcp-tools', 'mcp-answers', 'mcp-conformance') },
  { part: ['tools', 'tool-result', 'tool-schemas'].map((f) => `main/mcp/${f}.ts`).join(','),
    tests: MCP('tool-schemas', 'tool-result', 'stats-summary', 'mcp-tools', 'mcp-answers', 'mcp-conformance', 'mcp-query-paging', 'mcp-budget', 'mcp-limits') },
  { part: 'main/mcp/mcp-endpoint.ts,main/mcp/index.ts', tests: MCP('mcp-endpoint', 'mcp-session-expiry', 'mcp-limits', 'mcp-tools', 'mcp-conformance', 'mcp-other-clients', 'mcp-official-conformance') },
];
// The monitor and the store: whole runs take over 45 minutes (the monitor's 984 mutants; Stryker
// writes nothing until the end), so each runs in parts that report as they end. The last part of
// each is every file the others do not name, so a new file is never left out.
/** The files of a folder (`monitor`, `main/host`) that `parts` do not name, as one part. */
function restOf(folder, parts) {
  const named = new Set(parts.flatMap((p) => p.split(',')));
  return readdirSync(join(root, srcPath(folder))).filter((f) => f.endsWith('.ts')).map((f) => `${folder}/${f}`).filter((f) => !named.has(f)).sort().join(',');
}
const MONITOR_PARTS = ['monitor/windows.ts', 'monitor/alerts.ts,monitor/alert-template.ts,monitor/fault-alert.ts'];
PARTS.monitor = [...MONITOR_PARTS, restOf('monitor', MONITOR_PARTS)].map((part) => ({ part, tests: FOLDER_TESTS.monitor }));
const ECS_PARTS = ['ecs/storage.ts,ecs/table.ts,ecs/column.ts,ecs/table-index.ts,ecs/entity-index.ts', 'ecs/world.ts,ecs/world-image.ts',
  'ecs/names.ts,ecs/hierarchy.ts,ecs/creation.ts,ecs/builtins.ts,ecs/core-ids.ts,ecs/ids.ts,ecs/id-record.ts'];
PARTS.ecs = [...ECS_PARTS, restOf('ecs', ECS_PARTS)].map((part) => ({ part, tests: FOLDER_TESTS.ecs }));
// The host and its HTTP layer: every host test starts a Host from the source and serves it, so a
// survivor in host.ts reruns all of them (tens of seconds each on 2 shared cores). The frame
// pushers and the watch feeds run against the tests that reach them; the host's core (and any file
// not named) against every host test; the event streams against the watches' tests; the rest of
// the HTTP layer against its own transport tests and the host tests that go through it.
const HOST = (...names) => names.map((t) => `tests/unit/main/host/${t}.test.ts`);
const HOST_WATCHES = HOST('watch-feeds', 'watch-feeds-events', 'watch-http', 'watch-frame-budget', 'watch-first-event', 'watch-gzip', 'watch-heartbeat-backed-up', 'fault-isolation', 'frame-reentry-host');
const HOST_PARTS = [
  { part: ['frame-hub', 'frame-pool', 'frame-port', 'frame-publisher', 'frame-socket'].map((f) => `main/host/${f}.ts`).join(','), tests: HOST('frame-hub', 'frame-pool', 'frame-port', 'frame-publisher', 'frame-socket', 'viewport-frames', 'host') },
  { part: 'main/host/watch-feeds.ts,main/host/watch-frame-budget.ts', tests: HOST_WATCHES },
];
PARTS['main/host'] = [...HOST_PARTS, { part: restOf('main/host', HOST_PARTS.map((p) => p.part)), tests: [HOST_TESTS] }];
const HTTP_PARTS = [{ part: 'main/http/event-streams.ts,main/http/stream-sink.ts,main/http/stream-call.ts', tests: [...HOST_WATCHES, ...['transport-lifecycle', 'event-streams'].map((t) => `tests/unit/main/http/${t}.test.ts`)] }];
PARTS['main/http'] = [...HTTP_PARTS, { part: restOf('main/http', HTTP_PARTS.map((p) => p.part)), tests: ['tests/unit/main/http/**/*.test.ts', ...HOST('host', 'contract-mount', 'watch-gzip')] }];
/** The part named exactly (e.g. `main/mcp/wait-for.ts`), to run one part alone against its own tests. */
const PART_BY_NAME = new Map(Object.values(PARTS).flat().map((p) => [p.part, p]));

const argv = process.argv.slice(2);
const folders = [];
const pass = [];
/** --tests <globs,…>: the tests to run instead of the folder's, e.g. for a part of a folder. */
let testsOverride;
let isolate = false;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--concurrency') pass.push('--concurrency', argv[++i] ?? '');
  else if (argv[i] === '--timeoutMS') pass.push('--timeoutMS', argv[++i] ?? '');
  else if (argv[i] === '--tests') testsOverride = (argv[++i] ?? '').split(',');
  else if (argv[i] === '--isolate') isolate = true;
  else if (argv[i].startsWith('-')) { console.error(`unknown option '${argv[i]}': give folder names under src/shared and optionally --concurrency N, --timeoutMS N, --tests <globs,…> and --isolate`); process.exit(2); }
  else folders.push(argv[i]);
}
for (const f of folders) {
  const missing = f.split(',').find((p) => !p.includes('*') && !existsSync(join(root, srcPath(p))));
  if (missing !== undefined) { console.error(`no folder or file ${srcPath(missing)}: give folder names under src/shared (e.g. ${DEFAULT_FOLDERS.join(' ')}) or main/<folder> for src/main`); process.exit(2); }
}

const STATUSES = ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'Ignored', 'CompileError', 'RuntimeError'];

/** Mutant counts by status of a Stryker JSON report (mutation-testing-report-schema). */
function counts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const n = Object.fromEntries(STATUSES.map((s) => [s, 0]));
  for (const f of Object.values(report.files)) for (const m of f.mutants) n[m.status] = (n[m.status] ?? 0) + 1;
  return n;
}

/** The line of a score: killed + timeout over valid mutants (all but ignored and errors). */
function scoreLine(name, n) {
  const detected = n.Killed + n.Timeout;
  const valid = detected + n.Survived + n.NoCoverage;
  const score = valid ? (100 * detected) / valid : 100;
  return `${srcPath(name)}: ${score.toFixed(1)}% (killed ${n.Killed}, timeout ${n.Timeout}, survived ${n.Survived}, no coverage ${n.NoCoverage}, ignored ${n.Ignored})`;
}

/** A part's report folder: its globs with '*', ',' and '/' as '_', cut short with a hash when long (a list of files exceeds the file system's name limit). */
function partDir(part) {
  const flat = part.replace(/[*,/]/g, '_');
  return flat.length <= 80 ? flat : `${flat.slice(0, 60)}_${createHash('sha1').update(part).digest('hex').slice(0, 8)}`;
}

/**
 * The test files `globs` match, less those mutation runs leave out (MUTATION_EXCLUDE): Stryker runs
 * every file its --testFiles name, whatever vitest.mutate.config.ts excludes. Exits when none is left.
 */
function testFiles(globs) {
  const files = globSync(globs, { cwd: root, ignore: MUTATION_EXCLUDE }).sort();
  if (files.length === 0) { console.error(`no test file matches ${globs.join(',')} (less the tests mutation runs leave out)`); process.exit(2); }
  return files;
}

/** Runs Stryker over one folder or part; returns the counts of its report. */
function run(folder, tests) {
  // A part of a folder gets its own report and incremental file, in a subfolder of the folder's
  // (reports/mutation/protocol/protocol_frame).
  const top = folder.startsWith('main/') ? folder.split('/').slice(0, 2).join('_') : folder.split('/')[0];
  const whole = folder === top || folder.replace('/', '_') === top;
  const dir = join('reports/mutation', top, whole ? '' : partDir(folder)) + (isolate ? '-isolated' : '');
  const r = spawnSync(join(root, 'node_modules/.bin/stryker'), [
    'run', 'stryker.config.mjs',
    '--mutate', folder.split(',').map((p) => (/[*]|\.ts$/.test(p) ? srcPath(p) : `${srcPath(p)}/**/*.ts`)).join(','),
    '--incrementalFile', `${dir}/incremental.json`,
    ...(tests ? ['--testFiles', testFiles(tests).join(',')] : []),
    ...pass,
  ], {
    cwd: root, stdio: 'inherit',
    env: { ...process.env, STRYKER_REPORT_DIR: dir, MUTATE_ISOLATE: isolate ? '1' : '' },
  });
  if (r.status !== 0) { console.error(`stryker failed on ${srcPath(folder)} (exit code ${r.status})`); process.exit(1); }
  return counts(join(root, dir, 'mutation.json'));
}

const lines = [];
for (const folder of folders.length ? folders : DEFAULT_FOLDERS) {
  const parts = testsOverride ? undefined : PARTS[folder];
  const named = testsOverride ? undefined : PART_BY_NAME.get(folder);
  if (named) { lines.push(scoreLine(folder, run(folder, named.tests))); continue; }
  if (!parts) {
    const key = folder.startsWith('main/') ? folder.split('/').slice(0, 2).join('/') : folder.split('/')[0];
    lines.push(scoreLine(folder, run(folder, testsOverride ?? FOLDER_TESTS[key])));
    continue;
  }
  const total = Object.fromEntries(STATUSES.map((s) => [s, 0]));
  for (const { part, tests } of parts) {
    const n = run(part, tests);
    for (const s of STATUSES) total[s] += n[s];
    lines.push(scoreLine(part, n));
  }
  lines.push(scoreLine(`${folder} (all parts)`, total));
}
for (const line of lines) console.log(line);
