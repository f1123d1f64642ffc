// A drag handle between two panels. It reports pixel deltas; the layout clamps and stores sizes.
import { useRef } from 'preact/hooks';

/** Props of Splitter. */
export interface SplitterProps {
  /** 'col' splits side by side (drag left/right), 'row' stacks (drag up/down). */
  direction: 'col' | 'row';
  /** Called while dragging with the movement since the drag began, in CSS pixels. */
  onDrag(delta: number): void;
  /** Called when a drag begins (the layout remembers the sizes it started from). */
  onStart(): void;
  label: string;
}

/** A draggable separator; arrow keys move it by 16 px when focused. */
export function Splitter({ direction, onDrag, onStart, label }: SplitterProps) {
  const start = useRef<number | null>(null);
  const pos = (e: PointerEvent) => (direction === 'col' ? e.clientX : e.clientY);
  return (
    <div
      class={`splitter splitter-${direction}`}
      role="separator"
      aria-orientation={direction === 'col' ? 'vertical' : 'horizontal'}
      aria-label={label}
      tabIndex={0}
      onPointerDown={(e) => {
        (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
        start.current = pos(e);
        onStart();
        e.preventDefault();
      }}
      onPointerMove={(e) => {
        if (start.current !== null) onDrag(pos(e) - start.current);
      }}
      onPointerUp={() => { start.current = null; }}
      onPointerCancel={() => { start.current = null; }}
      onKeyDown={(e) => {
        const back = direction === 'col' ? 'ArrowLeft' : 'ArrowUp';
        const fwd = direction === 'col' ? 'ArrowRight' : 'ArrowDown';
        if (e.key !== back && e.key !== fwd) return;
        e.preventDefault();
        onStart();
        onDrag(e.key === fwd ? 16 : -16);
      }}
    />
  );
}
