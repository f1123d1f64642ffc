// Small building blocks: error text, color swatch, panel frame, empty-state notes.
import type { ComponentChildren } from 'preact';

/** An error as the user sees it: the message in full (server text kept, newlines and carets intact). */
export function ErrorText({ error, prefix }: { error: { message: string; status?: number } | string; prefix?: string }) {
  const message = typeof error === 'string' ? error : error.message;
  const status = typeof error === 'string' ? undefined : error.status;
  return (
    <div class="error-text" role="alert">
      {prefix ? <span class="error-prefix">{prefix} </span> : null}
      {status ? <span class="error-status">{status}</span> : null}
      <pre>{message}</pre>
    </div>
  );
}

/** A small square of a doc color (decoration: the hex code is its tooltip, not part of the text a screen reader reads). */
export function Swatch({ color, title }: { color: string; title?: string }) {
  return <span class="swatch" style={{ background: color }} title={title ?? color} aria-hidden="true" />;
}

/** Props of Panel. */
export interface PanelProps {
  title: string;
  /** Controls at the right of the header. */
  actions?: ComponentChildren;
  children?: ComponentChildren;
  /** Extra class of the panel element. */
  class?: string;
  /** data-panel attribute (tests and styling). */
  name: string;
}

/** A panel: a header with title and actions, and a scrolling body. */
export function Panel({ title, actions, children, class: cls, name }: PanelProps) {
  return (
    <section class={`panel${cls ? ` ${cls}` : ''}`} data-panel={name} aria-label={title}>
      <header class="panel-header">
        <h2>{title}</h2>
        <div class="panel-actions">{actions}</div>
      </header>
      <div class="panel-body">{children}</div>
    </section>
  );
}

/** A quiet line for empty states ("nothing selected"). */
export function Note({ children }: { children: ComponentChildren }) {
  return <div class="note">{children}</div>;
}

/**
 * The error of a polled request: in full, except a lost connection while older data is still
 * shown — the title bar already says the app is unreachable, so the panel only marks its data as
 * not current.
 */
export function RequestError({ error, hasData, prefix }: { error: { message: string; status?: number; kind?: string } | undefined; hasData: boolean; prefix?: string }) {
  if (!error) return null;
  if (error.kind === 'network' && hasData) {
    return <div class="stale-note" title={error.message}>offline · showing the last values received</div>;
  }
  return <ErrorText error={error} prefix={prefix} />;
}
