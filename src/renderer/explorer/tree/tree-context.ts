// State shared by the rows of the entity tree: which nodes are open, which turned out to be
// leaves, what GET /tables says about children, which entity is selected, and how to open one.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { hasChildrenIn, type TablesIndex } from './tables-index';

/** Most entities one tree level reads (it is sorted in the page, so it reads all it shows). */
export const TREE_LEVEL_LIMIT = 5000;

/** The tree's shared state. */
export interface TreeState {
  expanded: ReadonlySet<string>;
  /** Paths found to have no children when opened (used when /tables is not available). */
  leaves: ReadonlySet<string>;
  /** What /tables says (undefined until it answered, or on a server without it). */
  index: TablesIndex | undefined;
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

/** Whether a row gets an expand arrow: it has children, or (without /tables) it was not found empty yet. */
export function canExpand(tree: TreeState, path: string): boolean {
  return hasChildrenIn(tree.index, path) ?? !tree.leaves.has(path);
}
