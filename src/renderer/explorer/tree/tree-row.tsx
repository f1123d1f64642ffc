// One row of the entity tree: caret, color, name, doc label and state badges.
import { useEffect, useRef } from 'preact/hooks';
import { Swatch } from '../ui';
import { useTree } from './tree-context';
import type { TreeItem } from './tree-items';

/** Props of TreeRow. */
export interface TreeRowProps {
  item: TreeItem;
  depth: number;
  /** Show the parent path after the name (search results). */
  showParent?: boolean;
  /** Whether the row can expand (false in search results). */
  expandable?: boolean;
}

/** A tree row; the row of the selected entity scrolls into view. */
export function TreeRow({ item, depth, showParent, expandable = true }: TreeRowProps) {
  const tree = useTree();
  const ref = useRef<HTMLDivElement>(null);
  const selected = tree.selected === item.path;
  const canExpand = expandable && !tree.leaves.has(item.path);
  const open = canExpand && tree.expanded.has(item.path);
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
      aria-expanded={canExpand ? open : undefined}
      tabIndex={selected ? 0 : -1}
      data-path={item.path}
      data-parent={item.parent ?? ''}
      class={`tree-row${selected ? ' selected' : ''}${item.disabled ? ' disabled' : ''}${item.prefab ? ' prefab' : ''}`}
      style={{ paddingLeft: `${6 + depth * 14}px` }}
      title={item.path}
      onClick={() => tree.open(item.path)}
    >
      <span
        class={`caret${canExpand ? '' : ' none'}`}
        aria-hidden="true"
        data-testid="tree-toggle"
        onClick={(e) => {
          e.stopPropagation();
          if (canExpand) tree.toggle(item.path);
        }}
      >
        {canExpand ? (open ? '▾' : '▸') : ''}
      </span>
      {item.color ? <Swatch color={item.color} /> : null}
      <span class={`name${anonymous ? ' anon' : ''}`}>{anonymous ? `#${item.name}` : item.name}</span>
      {item.label ? <span class="label">{item.label}</span> : null}
      {showParent && item.parent ? <span class="parent">in {item.parent}</span> : null}
      {item.prefab ? <span class="badge prefab">prefab</span> : null}
      {item.disabled ? <span class="badge disabled">disabled</span> : null}
    </div>
  );
}
