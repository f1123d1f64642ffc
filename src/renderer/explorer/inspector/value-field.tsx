// One editable member of a component: an input typed by the member's kind (number, checkbox,
// select, text, entity), its unit, and the result of the last edit (saved, or the error).
import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../client';
import { EntityLink, formatReadable } from '../ui';
import type { FieldSpec } from './type-fields';
import { coerceInput, formatValue } from './value-edit';

/** Props of ValueField. */
export interface ValueFieldProps {
  spec: FieldSpec;
  value: unknown;
  /** Read-only (inherited values are changed by overriding first). */
  readOnly?: boolean;
  /** Sends the new member value; rejects with the server's error. */
  onCommit(value: unknown): Promise<void>;
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** How long "saved" stays visible, in ms. */
const SAVED_MS = 1500;

/** An editable member. */
export function ValueField({ spec, value, readOnly, onCommit }: ValueFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const shown = formatValue(value);
  const [id] = useState(() => `f-${Math.random().toString(36).slice(2, 10)}`);

  useEffect(() => {
    if (status.kind !== 'saved') return undefined;
    const t = setTimeout(() => setStatus({ kind: 'idle' }), SAVED_MS);
    return () => clearTimeout(t);
  }, [status]);

  const commit = async (text: string) => {
    if (text === shown) { setDraft(null); setStatus({ kind: 'idle' }); return; }
    const c = coerceInput(spec.kind, text, spec.options);
    if (!c.ok) { setStatus({ kind: 'error', message: c.error }); return; }
    setStatus({ kind: 'saving' });
    try {
      await onCommit(c.value);
      setDraft(null);
      setStatus({ kind: 'saved' });
    } catch (err) {
      setStatus({ kind: 'error', message: errorText(err) });
    }
  };

  let input;
  if (spec.kind === 'bool') {
    input = (
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        disabled={readOnly || status.kind === 'saving'}
        onChange={(e) => void commit(String((e.currentTarget as HTMLInputElement).checked))}
      />
    );
  } else if (spec.kind === 'enum' && spec.options) {
    const options = spec.options.includes(shown) || shown === '' ? spec.options : [shown, ...spec.options];
    input = (
      <select
        id={id}
        value={shown}
        disabled={readOnly || status.kind === 'saving'}
        onChange={(e) => void commit((e.currentTarget as HTMLSelectElement).value)}
      >
        {options.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
    );
  } else {
    const numeric = spec.kind === 'float' || spec.kind === 'int';
    // Numbers read rounded; focus (or editing) shows the full value.
    const display = draft ?? (numeric && typeof value === 'number' ? formatReadable(value) : shown);
    input = (
      <input
        id={id}
        class={`value-input${numeric ? ' numeric' : ''}${draft !== null && draft !== shown ? ' dirty' : ''}`}
        type="text"
        inputMode={spec.kind === 'int' ? 'numeric' : numeric ? 'decimal' : undefined}
        spellcheck={false}
        value={display}
        title={numeric && display !== shown ? shown : undefined}
        readOnly={readOnly}
        aria-invalid={status.kind === 'error'}
        onFocus={(e) => {
          if (readOnly) return;
          setDraft(shown);
          const el = e.currentTarget as HTMLInputElement;
          el.value = shown;
        }}
        onInput={(e) => setDraft((e.currentTarget as HTMLInputElement).value)}
        onBlur={() => { if (draft !== null && status.kind !== 'saving') void commit(draft); }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') { e.preventDefault(); if (draft !== null) void commit(draft); }
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            setDraft(null);
            setStatus({ kind: 'idle' });
            (e.currentTarget as HTMLInputElement).blur();
          }
        }}
      />
    );
  }

  return (
    <div class={`field field-${spec.kind}`} data-member={spec.label}>
      <label class="field-name" for={id} title={`${spec.label}: ${spec.kind}${spec.unit ? `, ${spec.unit}` : ''}`}>{spec.label}</label>
      <div class="field-input">
        {input}
        {spec.symbol ? <span class="unit" title={spec.unit}>{spec.symbol}</span> : null}
        {spec.kind === 'entity' && typeof value === 'string' && value !== '' && value !== '0' ? <EntityLink path={value} title={`open ${value}`}>↗</EntityLink> : null}
        {status.kind === 'saving' ? <span class="field-status dim">saving…</span> : null}
        {status.kind === 'saved' ? <span class="field-status ok">✓ saved</span> : null}
      </div>
      {status.kind === 'error' ? <div class="field-error" role="alert">{status.message}</div> : null}
    </div>
  );
}
