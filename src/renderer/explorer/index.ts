// Public exports of the explorer: the app and how it connects. Its parts have their own folders
// (client, state, tree, inspector, query, stats, ui), each with an index of its own.
export { App, type AppProps } from './app';
export { connect, type Connection } from './connect';
export { Layout, DEFAULT_SIZES, type LayoutSizes } from './layout';
export { TitleBar, WORLD_POLL_MS } from './title-bar';
