// The frame of every panel (header with title and actions, scrolling body) and its empty-state note.
import type { ComponentChildren } from 'preact';
import { RawReplyButton } from './raw-reply';

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
  /** The request target the panel shows (its raw reply opens from the header). */
  raw?: string | null;
}

/** A panel: a header with title and actions, and a scrolling body. */
export function Panel({ title, actions, children, class: cls, name, raw }: PanelProps) {
  return (
    <section class={`panel${cls ? ` ${cls}` : ''}`} data-panel={name} aria-label={title}>
      <header class="panel-header">
        <h2>{title}</h2>
        <div class="panel-actions">{actions}<RawReplyButton url={raw} /></div>
      </header>
      <div class="panel-body">{children}</div>
    </section>
  );
}

/** A quiet line for empty states ("nothing selected"). */
export function Note({ children }: { children: ComponentChildren }) {
  return <div class="note">{children}</div>;
}
