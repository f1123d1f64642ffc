// Catches an error thrown while rendering, so a bug in one view shows what failed with a reload
// button instead of leaving the page empty.
import { Component, type ComponentChildren } from 'preact';
import { errorDetails } from './startup-error';

/** Props of ErrorBoundary. */
export interface ErrorBoundaryProps {
  children?: ComponentChildren;
  /** What failed, as the heading says it ("The explorer hit an error"). */
  what?: string;
}

interface State {
  error?: unknown;
}

/** Shows its children, or the error one of them threw. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = {};

  static override getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`${this.props.what ?? 'The explorer hit an error'}:`, error);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const { message, stack } = errorDetails(this.state.error);
    return (
      <div class="crash" role="alert">
        <h1>{this.props.what ?? 'The explorer hit an error'}</h1>
        <pre class="crash-message">{message}</pre>
        <p class="crash-hint">Reload to start again; the browser console has the details.</p>
        <button type="button" class="primary" onClick={() => location.reload()}>Reload</button>
        {stack ? <details><summary>Details</summary><pre>{stack}</pre></details> : null}
      </div>
    );
  }
}
