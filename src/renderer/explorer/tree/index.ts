// Public exports of the entity tree: the panel and the reading of tree-level replies.
export { TreePanel, SEARCH_DEBOUNCE_MS, type TreePanelProps } from './tree-panel';
export { TREE_POLL_MS } from './tree-level';
export { TREE_PAGE } from './tree-context';
export { treeItems, splitBuiltins, type TreeItem } from './tree-items';
