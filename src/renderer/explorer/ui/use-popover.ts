// A drop-down that a badge opens: it closes on a click outside its box and on Escape. One hook
// for the title bar's badges (alerts, breakpoints), so they close the same way.
import { useEffect, useRef, useState } from 'preact/hooks';

/** Whether the popover is open, its setter, and the ref of the box a click must fall outside of to close it. */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const close = (e: Event) => { if (box.current && !box.current.contains(e.target as Node)) setOpen(false); };
    const esc = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', esc);
    return () => { document.removeEventListener('mousedown', close); document.removeEventListener('keydown', esc); };
  }, [open]);
  return { open, setOpen, box };
}
