// Public exports of the entity tree: the panel, and its order, search and reading of replies.
export { TreePanel, SEARCH_DEBOUNCE_MS, TABLES_POLL_MS, type TreePanelProps } from './tree-panel';
export { TREE_POLL_MS } from './tree-level';
export { SEARCH_LIMIT } from './tree-search-view';
export { TREE_LEVEL_LIMIT } from './tree-context';
export { treeItems, type TreeItem } from './tree-items';
export * from './tree-order';
export * from './tree-search';
export * from './tables-index';
