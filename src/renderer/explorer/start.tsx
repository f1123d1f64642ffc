// Renders the app into the page; loaded by main.tsx after the locale is checked, so that a
// failure while loading this module (or what it imports) is shown by main.tsx.
import { render } from 'preact';
import { App } from './app';
import { ErrorBoundary } from './boot';
import { connect } from './connect';

/** Connects and renders the explorer into `root`. */
export function start(root: HTMLElement): void {
  render(<ErrorBoundary><App connection={connect()} /></ErrorBoundary>, root);
}
