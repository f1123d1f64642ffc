// State shared by the rows of the entity tree: which nodes are open, which turned out to be
// leaves, which entity is selected, and how to open one.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** Key of the collapsible group of built-in modules in the expanded set. */
export const BUILTIN_GROUP_KEY = '#builtin';

/** Entities per tree page ("show more" loads this many more). */
export const TREE_PAGE = 100;

/** The tree's shared state. */
export interface TreeState {
  expanded: ReadonlySet<string>;
  /** Paths known to have no children (their caret is hidden). */
  leaves: ReadonlySet<string>;
  selected: string | undefined;
  toggle(path: string, open?: boolean): void;
  setLeaf(path: string, leaf: boolean): void;
  open(path: string): void;
}

/** The tree state context. */
export const TreeContext = createContext<TreeState | null>(null);

/** The tree state (inside TreePanel only). */
export function useTree(): TreeState {
  const t = useContext(TreeContext);
  if (!t) throw new Error('useTree: outside TreePanel');
  return t;
}
