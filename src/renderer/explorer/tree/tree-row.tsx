// One row of the entity tree: arrow (only when the entity has children), color, name, doc label
// and state badges; in search results the matching text is highlighted.
import { useEffect, useRef } from 'preact/hooks';
import { Swatch } from '../ui';
import { canExpand as hasArrow, useTree } from './tree-context';
import type { TreeItem } from './tree-items';
import { highlightParts } from './tree-search';

/** Props of TreeRow. */
export interface TreeRowProps {
  item: TreeItem;
  depth: number;
  /** Whether the row can expand (search rows: no). */
  expandable?: boolean;
  /** Search rows: open (an ancestor of a match), and the text to highlight. */
  searchOpen?: boolean;
  highlight?: string;
}

function Marked({ text, needle }: { text: string; needle: string | undefined }) {
  if (!needle) return <>{text}</>;
  return <>{highlightParts(text, needle).map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : p.text))}</>;
}

/** A tree row; the row of the selected entity scrolls into view. */
export function TreeRow({ item, depth, expandable = true, searchOpen, highlight }: TreeRowProps) {
  const tree = useTree();
  const ref = useRef<HTMLDivElement>(null);
  const selected = tree.selected === item.path;
  const arrow = expandable ? hasArrow(tree, item.path) : searchOpen === true;
  const open = expandable ? arrow && tree.expanded.has(item.path) : searchOpen === true;
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const anonymous = typeof item.name === 'number';
  return (
    <div
      ref={ref}
      role="treeitem"
      aria-level={depth + 1}
      aria-selected={selected}
      aria-expanded={arrow ? open : undefined}
      tabIndex={selected ? 0 : -1}
      data-path={item.path}
      data-parent={item.parent ?? ''}
      class={`tree-row${selected ? ' selected' : ''}${item.disabled ? ' disabled' : ''}${item.prefab ? ' prefab' : ''}`}
      style={{ paddingLeft: `${6 + depth * 14}px` }}
      title={item.path}
      onClick={() => tree.open(item.path)}
    >
      <span
        class={`caret${arrow ? '' : ' none'}`}
        aria-hidden="true"
        data-testid={arrow ? 'tree-toggle' : undefined}
        onClick={(e) => {
          e.stopPropagation();
          if (arrow && expandable) tree.toggle(item.path);
          else tree.open(item.path);
        }}
      >
        {arrow ? (open ? '▾' : '▸') : ''}
      </span>
      {item.color ? <Swatch color={item.color} /> : null}
      <span class={`name${anonymous ? ' anon' : ''}`}><Marked text={anonymous ? `#${item.name}` : String(item.name)} needle={highlight} /></span>
      {item.label ? <span class="label" title="Doc name"><Marked text={item.label} needle={highlight} /></span> : null}
      {item.prefab ? <span class="badge prefab">prefab</span> : null}
      {item.disabled ? <span class="badge disabled">disabled</span> : null}
    </div>
  );
}
