// Helpers for the explorer's end-to-end tests: the page's parts found the way a user finds them
// (roles, labels, text), screenshots as test artifacts, and a second host process for ?host.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { getJson } from './rest';

/** The explorer page's parts. */
export interface ExplorerPage {
  page: Page;
  /** The application title in the title bar. */
  title: Locator;
  /** The connection state ("connected", "reconnecting…") and where it points. */
  connection: Locator;
  tree: Locator;
  inspector: Locator;
  queryPanel: Locator;
  /** The query input. */
  queryBox: Locator;
  /** The query results table. */
  results: Locator;
  stats: Locator;
}

/** The parts of the explorer in `page` (nothing is loaded; see openExplorer). */
export function explorerParts(page: Page): ExplorerPage {
  const queryPanel = page.getByRole('region', { name: 'Query' });
  return {
    page,
    title: page.getByRole('banner').getByRole('heading', { level: 1 }),
    connection: page.getByTestId('connection'),
    tree: page.getByRole('tree', { name: 'Entity hierarchy' }),
    inspector: page.getByRole('region', { name: 'Inspector' }),
    queryPanel,
    queryBox: queryPanel.getByRole('combobox', { name: 'Query' }),
    results: queryPanel.getByRole('table'),
    stats: page.getByRole('region', { name: 'Statistics' }),
  };
}

/** Loads /explorer/ with `search` ("?entity=Sun") and waits until it is connected. */
export async function openExplorer(page: Page, search = ''): Promise<ExplorerPage> {
  await page.goto(`/explorer/${search}`);
  const x = explorerParts(page);
  // Generous: on a loaded 2-core machine (a WebGL viewport in software beside it) the first reply
  // can pass the client's 10 s request timeout, and the reconnect ping backs off from there.
  await expect(x.connection).toContainText('connected', { timeout: 45_000 });
  return x;
}

/** Escapes text for use inside a RegExp. */
export function reEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The tree row of entity `name` at depth `level` (1 = roots); its name is "Name" or "Name Label". */
export function treeRow(x: ExplorerPage, name: string, level: number): Locator {
  return x.tree.getByRole('treeitem', { name: new RegExp(`^${reEscape(name)}( |$)`), level });
}

/** Expands a tree row with its toggle (the caret at its left) and waits for the children to show. */
export async function expandRow(row: Locator): Promise<void> {
  await row.getByTestId('tree-toggle').click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
}

/** The inspector's card of component `id` ("Orbit", or "(Rel, Target)" for a pair). */
export function componentCard(x: ExplorerPage, id: string): Locator {
  return x.inspector.getByRole('group', { name: id, exact: true });
}

/** The editable field of `member` in the inspector's card of `component`. */
export function memberField(x: ExplorerPage, component: string, member: string): Locator {
  return componentCard(x, component).getByRole('textbox', { name: member, exact: true });
}

/** The rows of the query results table (header rows excluded). */
export function resultRows(x: ExplorerPage): Locator {
  return x.results.getByRole('rowgroup').nth(1).getByRole('row');
}

/** The text of every cell of the results table's body, row by row. */
export async function resultCells(x: ExplorerPage): Promise<string[][]> {
  return resultRows(x).evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
}

/**
 * Saves a screenshot of `target` as `<name>.png` in the test's output folder (under
 * test-results/e2e, kept after the run) and attaches it to the test's report.
 */
export async function attachShot(info: TestInfo, name: string, target: Page | Locator): Promise<void> {
  const path = info.outputPath(`${name}.png`);
  await target.screenshot({ path });
  await info.attach(`${name}.png`, { path, contentType: 'image/png' });
}

/** A member value of an entity's component, as the server has it now. */
export async function memberValue(page: Page, path: string, component: string, member: string): Promise<unknown> {
  const body = await getJson<{ ids: string[][]; values?: unknown[] }>(page.request, `/entity/${path.split('.').join('/')}?values=true`);
  const i = body.ids.findIndex((id) => id.length === 1 && id[0] === component);
  expect(i, `${path} has ${component}`).toBeGreaterThanOrEqual(0);
  return (body.values?.[i] as Record<string, unknown> | undefined)?.[member];
}

/** A host process started by a test. */
export interface ExtraHost {
  /** "http://127.0.0.1:<port>". */
  url: string;
  /** "127.0.0.1:<port>", as ?host takes it. */
  hostPort: string;
  /** The port it listens on. */
  port: number;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Time a second host may take to print its address, in ms. */
export const HOST_START_MS = 20_000;

/**
 * Starts `node out/main/ecs-live.js` with `title` on 127.0.0.1, on `port` (default 0: one the OS
 * picks) and with `extraArgs`, and resolves once it prints where it serves the REST interface.
 */
export function startHost(title: string, port = 0, extraArgs: readonly string[] = []): Promise<ExtraHost> {
  const script = join(process.cwd(), 'out', 'main', 'ecs-live.js');
  const child: ChildProcess = spawn(process.execPath, [script, '--port', String(port), '--address', '127.0.0.1', '--title', title, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise<ExtraHost>((resolve, reject) => {
    let out = '';
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop();
      reject(new Error(`second host "${title}" did not start: ${why}\n--- its output ---\n${out}`));
    };
    const timer = setTimeout(() => fail(`no address printed within ${HOST_START_MS / 1000} s`), HOST_START_MS);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /REST\s+(http:\/\/127\.0\.0\.1:(\d+))/.exec(out);
      if (m && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve({ url: m[1]!, hostPort: `127.0.0.1:${m[2]!}`, port: Number(m[2]), stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => { out += c.toString(); });
    child.once('exit', (code, signal) => fail(`exited (code ${code}, signal ${signal})`));
  });
}
