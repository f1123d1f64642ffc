// A modal confirmation (used before deleting). Escape or Cancel closes it; focus starts on Cancel
// so a stray Enter does not confirm a destructive action.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  title: string;
  children?: ComponentChildren;
  /** Text of the confirming button (e.g. "Delete"). */
  confirmLabel: string;
  /** Style the confirm button as destructive. */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A modal dialog with Cancel and a confirm button. */
export function ConfirmDialog({ title, children, confirmLabel, danger, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        onCancel();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      previous?.focus?.();
    };
  }, [onCancel]);
  return (
    <div class="modal-backdrop" onClick={(e) => { if (e.target === e.currentTarget) onCancel(); }}>
      <div class="modal" role="dialog" aria-modal="true" aria-label={title}>
        <h3>{title}</h3>
        <div class="modal-body">{children}</div>
        <div class="modal-actions">
          <button type="button" ref={cancelRef} onClick={onCancel}>Cancel</button>
          <button type="button" class={danger ? 'danger' : 'primary'} onClick={onConfirm}>{confirmLabel}</button>
        </div>
      </div>
    </div>
  );
}
