// The query input: the expression, a highlight under the character an error points at (kept in
// step with the input's horizontal scroll), and the list of recent queries.
import type { Ref } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

/** Props of QueryBox. */
export interface QueryBoxProps {
  text: string;
  /** Offset of the character an error points at, if any. */
  errorAt?: number;
  recent: readonly string[];
  inputRef: Ref<HTMLInputElement>;
  onText(text: string): void;
  /** Enter: run now and remember the query. */
  onRun(): void;
}

/** The query input with error highlight and history. */
export function QueryBox({ text, errorAt, recent, inputRef, onText, onRun }: QueryBoxProps) {
  const mirror = useRef<HTMLDivElement>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const syncScroll = (e: Event) => {
    if (mirror.current) mirror.current.scrollLeft = (e.currentTarget as HTMLInputElement).scrollLeft;
  };

  useEffect(() => {
    if (!historyOpen) return undefined;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') { e.stopPropagation(); setHistoryOpen(false); } };
    const onClick = (e: MouseEvent) => { if (!(e.target as Element).closest?.('.history')) setHistoryOpen(false); };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('mousedown', onClick);
    };
  }, [historyOpen]);

  const at = errorAt !== undefined ? Math.max(0, Math.min(errorAt, text.length)) : undefined;
  return (
    <div class="query-box">
      <div class={`query-input-wrap${at !== undefined ? ' has-error' : ''}`}>
        <div class="query-mirror" ref={mirror} aria-hidden="true">
          {at !== undefined ? (
            <>
              {text.slice(0, at)}
              <mark data-testid="query-error-mark">{at < text.length ? text[at] : ' '}</mark>
              {text.slice(at + 1)}
            </>
          ) : null}
        </div>
        <input
          ref={inputRef}
          class="query-input"
          type="text"
          spellcheck={false}
          autocomplete="off"
          aria-label="Query"
          aria-invalid={at !== undefined}
          placeholder="Position, Velocity   ·   ?-Name(var: value)"
          value={text}
          onInput={(e) => { onText((e.currentTarget as HTMLInputElement).value); syncScroll(e); }}
          onScroll={syncScroll}
          onKeyUp={syncScroll}
          onKeyDown={(e) => {
            if (e.key === 'Enter') { e.preventDefault(); onRun(); }
            if (e.key === 'Escape' && historyOpen) { e.preventDefault(); setHistoryOpen(false); }
          }}
        />
      </div>
      <div class="history">
        <button type="button" class="small" aria-haspopup="listbox" aria-expanded={historyOpen} disabled={!recent.length}
          title="Recent queries" onClick={() => setHistoryOpen(!historyOpen)}>
          recent ▾
        </button>
        {historyOpen ? (
          <ul class="history-list" role="listbox" aria-label="Recent queries">
            {recent.map((q) => (
              <li key={q} role="option" tabIndex={0} class="mono"
                onClick={() => { onText(q); setHistoryOpen(false); }}
                onKeyDown={(e) => { if (e.key === 'Enter') { onText(q); setHistoryOpen(false); } }}>
                {q}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
