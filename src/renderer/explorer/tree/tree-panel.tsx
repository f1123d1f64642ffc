// The entity tree panel: the hierarchy from the root, lazily expanded, or — while the search box
// has text — the entities whose name, label or path contains it, with their ancestors. Arrow keys
// move, Enter opens.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ROOTS_QUERY, TABLES_URL, ancestorPaths, treeLevelUrl } from '../client';
import { Panel, useRest } from '../ui';
import { tablesIndex } from './tables-index';
import { TREE_LEVEL_LIMIT, TreeContext, type TreeState } from './tree-context';
import { TreeLevel } from './tree-level';
import { TreeSearchView } from './tree-search-view';

/** How often GET /tables (which entities have children) is re-read, in ms. */
export const TABLES_POLL_MS = 3000;

/** Delay between the last keystroke in the search box and the search, in ms. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Props of TreePanel. */
export interface TreePanelProps {
  selected: string | undefined;
  onOpen(path: string): void;
}

function rowsOf(root: HTMLElement | null): HTMLElement[] {
  return root ? [...root.querySelectorAll<HTMLElement>('[role=treeitem]')] : [];
}

/** The tree panel. */
export function TreePanel({ selected, onOpen }: TreePanelProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [leaves, setLeaves] = useState<ReadonlySet<string>>(() => new Set());
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  const tables = useRest<unknown>(TABLES_URL, { intervalMs: TABLES_POLL_MS, keep: true });
  const index = useMemo(() => tablesIndex(tables.data), [tables.data]);

  // Reveal the selected entity: open its ancestors (groups holding it open themselves).
  useEffect(() => {
    if (!selected) return;
    const need = ancestorPaths(selected);
    setExpanded((s) => (need.every((p) => s.has(p)) ? s : new Set([...s, ...need])));
  }, [selected]);

  const toggle = useCallback((path: string, open?: boolean) => {
    setExpanded((s) => {
      const isOpen = s.has(path);
      const want = open ?? !isOpen;
      if (want === isOpen) return s;
      const next = new Set(s);
      if (want) next.add(path);
      else next.delete(path);
      return next;
    });
  }, []);
  const setLeaf = useCallback((path: string, leaf: boolean) => {
    setLeaves((s) => {
      if (s.has(path) === leaf) return s;
      const next = new Set(s);
      if (leaf) next.add(path);
      else next.delete(path);
      return next;
    });
  }, []);

  const state: TreeState = useMemo(
    () => ({ expanded, leaves, index, selected, toggle, setLeaf, open: onOpen }),
    [expanded, leaves, index, selected, toggle, setLeaf, onOpen],
  );

  const onKeyDown = (e: KeyboardEvent) => {
    const rows = rowsOf(body.current);
    if (!rows.length) return;
    const active = document.activeElement as HTMLElement | null;
    let i = rows.findIndex((r) => r === active);
    if (i < 0) i = Math.max(0, rows.findIndex((r) => r.getAttribute('aria-selected') === 'true'));
    const row = rows[i]!;
    const path = row.dataset.path ?? '';
    const focus = (j: number) => {
      const r = rows[Math.max(0, Math.min(rows.length - 1, j))];
      if (!r) return;
      rows.forEach((x) => x.setAttribute('tabindex', '-1'));
      r.setAttribute('tabindex', '0');
      r.focus();
    };
    switch (e.key) {
      case 'ArrowDown': focus(i + 1); break;
      case 'ArrowUp': focus(i - 1); break;
      case 'Home': focus(0); break;
      case 'End': focus(rows.length - 1); break;
      case 'ArrowRight':
        if (row.getAttribute('aria-expanded') === 'false') toggle(path, true);
        else if (row.getAttribute('aria-expanded') === 'true') focus(i + 1);
        break;
      case 'ArrowLeft':
        if (row.getAttribute('aria-expanded') === 'true') toggle(path, false);
        else {
          const parent = row.dataset.parent;
          const j = parent ? rows.findIndex((r) => r.dataset.path === parent) : -1;
          if (j >= 0) focus(j);
        }
        break;
      case 'Enter':
        if (row.dataset.group) toggle(path);
        else if (path) onOpen(path);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <Panel
      name="tree"
      title="Entities"
      class="tree-panel"
      raw={treeLevelUrl(ROOTS_QUERY, TREE_LEVEL_LIMIT)}
      actions={
        <input
          class="search"
          type="search"
          placeholder="Search…"
          title="Search names, labels and paths"
          aria-label="Search entities"
          value={text}
          onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && text) { e.stopPropagation(); setText(''); }
            if (e.key === 'ArrowDown') { e.preventDefault(); rowsOf(body.current)[0]?.focus(); }
          }}
        />
      }
    >
      <TreeContext.Provider value={state}>
        <div class="tree" role="tree" aria-label="Entity hierarchy" ref={body} onKeyDown={onKeyDown}>
          {search
            ? <TreeSearchView text={search} />
            : <TreeLevel query={ROOTS_QUERY} depth={0} roots />}
        </div>
      </TreeContext.Provider>
    </Panel>
  );
}
