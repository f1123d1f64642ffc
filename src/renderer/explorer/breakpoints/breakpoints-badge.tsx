// The title bar's breakpoints badge: how many there are and how many are enabled; a click opens
// the list beneath it. Hidden while the host has none (or no breakpoints at all): they are made
// from the query panel and the inspector.
import { usePopover } from '../ui';
import { BreakpointsList } from './breakpoints-list';
import { useBreakpoints } from './use-breakpoints';

/** The badge and its drop-down list. */
export function BreakpointsBadge() {
  const { reply, known } = useBreakpoints();
  const { open, setOpen, box } = usePopover();
  const all = reply?.breakpoints ?? [];
  if (!known || all.length === 0) return null;
  const enabled = all.filter((b) => b.enabled).length;
  return (
    <div class="breakpoints-badge" ref={box}>
      <button type="button" class="badge" aria-expanded={open} aria-label={`Breakpoints: ${all.length}, ${enabled} enabled`} data-testid="breakpoints-badge"
        title={`${all.length} breakpoint${all.length === 1 ? '' : 's'}, ${enabled} enabled`} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">●</span> {enabled}/{all.length}
      </button>
      {open ? (
        <section class="breakpoints-popover" role="region" aria-label="Breakpoints">
          <h2>Breakpoints</h2>
          <BreakpointsList breakpoints={all} />
        </section>
      ) : null}
    </div>
  );
}
