// The explorer app: connection, the view in the address (layout, selected entity, query, panels,
// stats period — back/forward step through selections), keyboard shortcuts and the layouts:
// explore (tree | inspector | query) and statistics (across the page).
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Connection } from './connect';
import { InspectorPanel } from './inspector';
import { Layout } from './layout';
import { QueryPanel } from './query';
import { readViewState, rememberEntity, writeViewState, type LayoutName, type PanelName, type ViewState } from './state';
import { StatsPanel } from './stats';
import { TitleBar } from './title-bar';
import { BannerLines, BannerLinesContext, Timeline } from './timeline';
import { TreePanel } from './tree';
import { ClientContext, OpenEntityContext, PastFrameContext } from './ui';

/** Props of App. */
export interface AppProps {
  connection: Connection;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** The whole explorer. */
export function App({ connection }: AppProps) {
  const [view, setView] = useState<ViewState>(() => readViewState(location.search));
  const push = useRef(false);
  const queryInput = useRef<HTMLInputElement>(null);
  const focusQuery = useRef(false);

  // Keep the address in step with the view; opening an entity adds a history entry.
  useEffect(() => {
    const search = writeViewState(location.search, view);
    if (search === location.search) return;
    const url = `${location.pathname}${search}${location.hash}`;
    if (push.current) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
    push.current = false;
  }, [view]);
  useEffect(() => {
    const onPop = () => setView(readViewState(location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const openEntity = useCallback((path: string) => {
    try { rememberEntity(localStorage, path); } catch { /* no storage: no history */ }
    setView((v) => {
      if (v.entity === path && v.layout === 'explore') return v;
      push.current = true;
      const panels: PanelName[] = v.panels.includes('inspector') ? v.panels : [...v.panels, 'inspector'];
      return { ...v, layout: 'explore', entity: path, panels };
    });
  }, []);
  const setLayout = useCallback((layout: LayoutName) => setView((v) => (v.layout === layout ? v : { ...v, layout })), []);
  const closeEntity = useCallback(() => setView(({ entity: _, ...rest }) => rest), []);
  const setQuery = useCallback((q: string) => setView((v) => (q ? { ...v, q } : (({ q: _, ...rest }) => rest)(v))), []);
  const runQuery = useCallback((q: string) => {
    focusQuery.current = true;
    setView((v) => ({ ...v, q, layout: 'explore', panels: v.panels.includes('query') ? v.panels : [...v.panels, 'query'] }));
  }, []);
  const togglePanel = useCallback((p: PanelName) => {
    setView((v) => ({ ...v, panels: v.panels.includes(p) ? v.panels.filter((x) => x !== p) : [...v.panels, p] }));
  }, []);

  useEffect(() => {
    if (focusQuery.current && queryInput.current) {
      focusQuery.current = false;
      queryInput.current.focus();
    }
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '/' && !isTyping(e.target) && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        if (queryInput.current) queryInput.current.focus();
        else {
          focusQuery.current = true;
          setView((v) => ({ ...v, layout: 'explore', panels: v.panels.includes('query') ? v.panels : [...v.panels, 'query'] }));
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const { client, config } = connection;
  const [bannerLines] = useState(() => new BannerLines());
  const [pastFrame, setPastFrame] = useState<number | undefined>(undefined);
  const past = useMemo(() => ({ frame: pastFrame, set: setPastFrame }), [pastFrame]);
  return (
    <ClientContext.Provider value={client}>
      <OpenEntityContext.Provider value={openEntity}>
        <BannerLinesContext.Provider value={bannerLines}>
          <PastFrameContext.Provider value={past}>
          <div class={`app${pastFrame !== undefined ? ' past-view' : ''}`}>
            <TitleBar layout={view.layout} onLayout={setLayout} panels={view.panels} onTogglePanel={togglePanel} warning={config.warning} />
            <Timeline />
            {view.layout === 'stats' ? (
              <main class="layout layout-stats">
                <StatsPanel period={view.period} onPeriod={(period) => setView((v) => ({ ...v, period }))} />
              </main>
            ) : (
              <Layout
                panels={view.panels}
                tree={<TreePanel selected={view.entity} onOpen={openEntity} />}
                inspector={<InspectorPanel path={view.entity} onClose={closeEntity} onRunQuery={runQuery} queryText={view.q ?? ''} onOpen={openEntity} />}
                query={<QueryPanel text={view.q ?? ''} onText={setQuery} inputRef={queryInput} />}
              />
            )}
          </div>
          </PastFrameContext.Provider>
        </BannerLinesContext.Provider>
      </OpenEntityContext.Provider>
    </ClientContext.Provider>
  );
}
