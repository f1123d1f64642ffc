// The panel layout: tree | inspector | (query over stats), with draggable separators. Sizes are
// remembered in localStorage; hidden panels give their room to the others.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelName } from './state';
import { Splitter } from './ui';

/** Panel sizes in CSS pixels. */
export interface LayoutSizes {
  tree: number;
  side: number;
  stats: number;
}

/** Sizes before the user drags anything. */
export const DEFAULT_SIZES: LayoutSizes = { tree: 300, side: 560, stats: 420 };

const KEY = 'ecs-explorer.layout';
const MIN = 180;

function loadSizes(): LayoutSizes {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<LayoutSizes> | null;
    const ok = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= MIN;
    return {
      tree: ok(v?.tree) ? v!.tree! : DEFAULT_SIZES.tree,
      side: ok(v?.side) ? v!.side! : DEFAULT_SIZES.side,
      stats: ok(v?.stats) ? v!.stats! : DEFAULT_SIZES.stats,
    };
  } catch {
    return { ...DEFAULT_SIZES };
  }
}

/** Props of Layout. */
export interface LayoutProps {
  panels: readonly PanelName[];
  tree: ComponentChildren;
  inspector: ComponentChildren;
  query: ComponentChildren;
  stats: ComponentChildren;
}

/** Lays out the open panels. */
export function Layout({ panels, tree, inspector, query, stats }: LayoutProps) {
  const [sizes, setSizes] = useState<LayoutSizes>(loadSizes);
  const base = useRef(sizes);
  useEffect(() => {
    try { localStorage.setItem(KEY, JSON.stringify(sizes)); } catch { /* sizes are a convenience */ }
  }, [sizes]);
  const clamp = (n: number) => Math.max(MIN, Math.min(n, Math.max(MIN, window.innerWidth - 2 * MIN)));
  const clampH = (n: number) => Math.max(120, Math.min(n, Math.max(120, window.innerHeight - 200)));
  const start = () => { base.current = sizes; };

  const has = (p: PanelName) => panels.includes(p);
  const side = has('query') || has('stats');
  const sideFlex = !has('inspector');
  if (!panels.length) {
    return <main class="layout empty"><div class="note">All panels are closed: open one from the title bar.</div></main>;
  }
  return (
    <main class="layout">
      {has('tree') ? (
        <div class={`col col-tree${!has('inspector') && !side ? ' flex' : ''}`} style={!has('inspector') && !side ? undefined : { width: `${sizes.tree}px` }}>{tree}</div>
      ) : null}
      {has('tree') && (has('inspector') || side) ? (
        <Splitter direction="col" label="Resize the entity tree" onStart={start} onDrag={(d) => setSizes({ ...base.current, tree: clamp(base.current.tree + d) })} />
      ) : null}
      {has('inspector') ? <div class="col col-inspector flex">{inspector}</div> : null}
      {has('inspector') && side ? (
        <Splitter direction="col" label="Resize the query and statistics column" onStart={start} onDrag={(d) => setSizes({ ...base.current, side: clamp(base.current.side - d) })} />
      ) : null}
      {side ? (
        <div class={`col col-side${sideFlex ? ' flex' : ''}`} style={sideFlex ? undefined : { width: `${sizes.side}px` }}>
          {has('query') ? <div class="cell cell-query flex">{query}</div> : null}
          {has('query') && has('stats') ? (
            <Splitter direction="row" label="Resize the statistics panel" onStart={start} onDrag={(d) => setSizes({ ...base.current, stats: clampH(base.current.stats - d) })} />
          ) : null}
          {has('stats') ? <div class={`cell cell-stats${has('query') ? '' : ' flex'}`} style={has('query') ? { height: `${sizes.stats}px` } : undefined}>{stats}</div> : null}
        </div>
      ) : null}
    </main>
  );
}
