// The explore layout: tree | inspector | query, with draggable separators. Sizes are remembered in
// localStorage; hidden panels give their room to the others, and on a narrow window the tree and
// query columns give way so the inspector stays readable (from 1024 px up).
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelName } from './state';
import { Splitter } from './ui';

/** Panel sizes in CSS pixels. */
export interface LayoutSizes {
  tree: number;
  side: number;
}

/** Sizes before the user drags anything. */
export const DEFAULT_SIZES: LayoutSizes = { tree: 300, side: 560 };

/** Width the inspector keeps on a narrow window; the tree and query columns shrink to leave it. */
export const MIN_INSPECTOR = 380;

const KEY = 'ecs-explorer.layout';
const MIN = 180;

function loadSizes(): LayoutSizes {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<LayoutSizes> | null;
    const ok = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= MIN;
    return { tree: ok(v?.tree) ? v!.tree! : DEFAULT_SIZES.tree, side: ok(v?.side) ? v!.side! : DEFAULT_SIZES.side };
  } catch {
    return { ...DEFAULT_SIZES };
  }
}

function useWindowWidth(): number {
  const [w, setW] = useState(() => window.innerWidth);
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return w;
}

/** Props of Layout. */
export interface LayoutProps {
  panels: readonly PanelName[];
  tree: ComponentChildren;
  inspector: ComponentChildren;
  query: ComponentChildren;
}

/** Lays out the open panels. */
export function Layout({ panels, tree, inspector, query }: LayoutProps) {
  const [sizes, setSizes] = useState<LayoutSizes>(loadSizes);
  const base = useRef(sizes);
  const width = useWindowWidth();
  useEffect(() => {
    try { localStorage.setItem(KEY, JSON.stringify(sizes)); } catch { /* sizes are a convenience */ }
  }, [sizes]);
  const clamp = (n: number) => Math.max(MIN, Math.min(n, Math.max(MIN, width - 2 * MIN)));
  const has = (p: PanelName) => panels.includes(p);
  // What the columns get on this window: their stored sizes, shrunk alike when the inspector
  // would otherwise get less than MIN_INSPECTOR.
  const wanted = (has('tree') ? sizes.tree : 0) + (has('query') ? sizes.side : 0);
  const room = width - 12 - (has('inspector') ? MIN_INSPECTOR : 0);
  const scale = has('inspector') && wanted > room ? Math.max(0, room) / wanted : 1;
  const treeW = Math.max(MIN, Math.round(sizes.tree * scale));
  const sideW = Math.max(MIN, Math.round(sizes.side * scale));
  const start = () => { base.current = { tree: treeW, side: sideW }; };
  if (!panels.length) {
    return <main class="layout empty"><div class="note">All panels are closed: open one from the title bar.</div></main>;
  }
  const treeFlex = !has('inspector') && !has('query');
  const sideFlex = !has('inspector');
  return (
    <main class="layout">
      {has('tree') ? (
        <div class={`col col-tree${treeFlex ? ' flex' : ''}`} style={treeFlex ? undefined : { width: `${treeW}px` }}>{tree}</div>
      ) : null}
      {has('tree') && !treeFlex ? (
        <Splitter direction="col" label="Resize the entity tree" onStart={start} onDrag={(d) => setSizes({ ...base.current, tree: clamp(base.current.tree + d) })} />
      ) : null}
      {has('inspector') ? <div class="col col-inspector flex">{inspector}</div> : null}
      {has('inspector') && has('query') ? (
        <Splitter direction="col" label="Resize the query column" onStart={start} onDrag={(d) => setSizes({ ...base.current, side: clamp(base.current.side - d) })} />
      ) : null}
      {has('query') ? (
        <div class={`col col-side${sideFlex ? ' flex' : ''}`} style={sideFlex ? undefined : { width: `${sideW}px` }}>
          <div class="cell cell-query flex">{query}</div>
        </div>
      ) : null}
    </main>
  );
}
