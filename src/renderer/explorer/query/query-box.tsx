// The query input: the expression, a highlight under the character an error points at (kept in
// step with the input's horizontal scroll), completion of names while typing, the list of recent
// queries and the syntax cheat sheet.
import type { Ref } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { CHEAT_SHEET } from './cheat-sheet';
import { applySuggestion, suggestions, wordAt, type NameCandidate } from './completion';

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
  /** Names offered while typing (components, tags, relationships, named queries). */
  names?: readonly NameCandidate[];
}

/** Closes a pop-up on Escape or a click outside the element with class `within`. */
function useDismiss(open: boolean, within: string, close: () => void): void {
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') { e.stopPropagation(); close(); } };
    const onClick = (e: MouseEvent) => { if (!(e.target as Element).closest?.(within)) close(); };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('mousedown', onClick);
    };
  }, [open, within, close]);
}

/** The query input with error highlight and history. */
export function QueryBox({ text, errorAt, recent, inputRef, onText, onRun, names = [] }: QueryBoxProps) {
  const mirror = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [syntaxOpen, setSyntaxOpen] = useState(false);
  // Completion: the caret (null while the box has no focus), the highlighted option (-1: none yet,
  // so Enter still runs the query) and whether Escape closed the list for this word.
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const syncScroll = (e: Event) => {
    if (mirror.current) mirror.current.scrollLeft = (e.currentTarget as HTMLInputElement).scrollLeft;
  };
  useDismiss(historyOpen, '.history', () => setHistoryOpen(false));
  useDismiss(syntaxOpen, '.syntax', () => setSyntaxOpen(false));

  const word = caret === null ? undefined : wordAt(text, caret);
  const offered = word && !dismissed ? suggestions(names, word) : [];
  const open = offered.length > 0 && !(offered.length === 1 && offered[0]!.path === word!.text);
  const choose = (c: NameCandidate) => {
    const next = applySuggestion(text, word!, c.path);
    onText(next.text);
    setCaret(next.caret);
    setActive(-1);
    setDismissed(true);
    requestAnimationFrame(() => { input.current?.focus(); input.current?.setSelectionRange(next.caret, next.caret); });
  };
  const setRef = (el: HTMLInputElement | null) => {
    input.current = el;
    if (typeof inputRef === 'function') inputRef(el);
    else if (inputRef) inputRef.current = el;
  };

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
          ref={setRef}
          class="query-input"
          type="text"
          spellcheck={false}
          autocomplete="off"
          aria-label="Query"
          aria-invalid={at !== undefined}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls="query-suggestions"
          placeholder="Position, Velocity   ·   ?-Name(var: value)"
          value={text}
          onInput={(e) => {
            const el = e.currentTarget as HTMLInputElement;
            onText(el.value);
            setCaret(el.selectionStart);
            setActive(-1);
            setDismissed(false);
            syncScroll(e);
          }}
          onScroll={syncScroll}
          onKeyUp={(e) => { syncScroll(e); if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End') setCaret((e.currentTarget as HTMLInputElement).selectionStart); }}
          onBlur={() => setCaret(null)}
          onKeyDown={(e) => {
            if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
              e.preventDefault();
              const n = offered.length;
              setActive(e.key === 'ArrowDown' ? (active + 1) % n : (active - 1 + n) % n);
              return;
            }
            if (open && (e.key === 'Tab' || (e.key === 'Enter' && active >= 0))) { e.preventDefault(); choose(offered[Math.max(0, active)]!); return; }
            if (open && e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setDismissed(true); return; }
            if (e.key === 'Enter') { e.preventDefault(); onRun(); }
            if (e.key === 'Escape' && historyOpen) { e.preventDefault(); setHistoryOpen(false); }
          }}
        />
        {open ? (
          <ul id="query-suggestions" class="suggestions" role="listbox" aria-label="Suggestions">
            {offered.map((c, i) => (
              <li key={c.path} role="option" aria-selected={i === active} class={i === active ? 'active' : ''}
                onMouseDown={(e) => { e.preventDefault(); choose(c); }}>
                <span class="mono">{c.path}</span> <span class="dim">{c.kind === 'query' ? 'query' : c.kind === 'component' ? 'component' : 'tag / relationship'}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div class="syntax">
        <button type="button" class="small" aria-expanded={syntaxOpen} title="The query language at a glance" onClick={() => setSyntaxOpen(!syntaxOpen)}>syntax</button>
        {syntaxOpen ? (
          <div class="syntax-sheet" role="dialog" aria-label="Query syntax">
            <table>
              <tbody>
                {CHEAT_SHEET.map((c) => (
                  <tr key={c.example}>
                    <td><button type="button" class="link mono" title="Put this query in the box" onClick={() => { onText(c.example); setSyntaxOpen(false); }}>{c.example}</button></td>
                    <td class="dim">{c.means}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
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
