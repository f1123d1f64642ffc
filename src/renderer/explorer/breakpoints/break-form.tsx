// "Break when…": the small form that creates a breakpoint, from the query box (the query as typed,
// fire on enter, leave or change) or from an inspector field ("this value < N" for one entity:
// the member's comparison with path=<entity>, fired when the entity starts matching). The server's
// refusal (a bad query, an unknown member, the frame budget) shows under the form as it said it.
import { useState } from 'preact/hooks';
import { BREAK_ON, type BreakOn } from '../../../shared/protocol/constants';
import { breakpointUrl, errorText } from '../client';
import { useClient } from '../ui';
import { MEMBER_OPS, breakpointName, memberCondition, type MemberOp } from './break-rules';
import { useBreakpoints } from './use-breakpoints';

/** What the form breaks on: a query as typed, or one numeric member of one entity. */
export type BreakTarget =
  | { kind: 'query'; q: string }
  | { kind: 'member'; entity: string; component: string; member: string; value: number };

/** Props of BreakForm. */
export interface BreakFormProps {
  target: BreakTarget;
  /** Called after the breakpoint was created, and on cancel. */
  onDone(): void;
}

const ON_TITLES: Record<BreakOn, string> = {
  enter: 'an entity starts matching',
  leave: 'an entity stops matching',
  change: 'the matched entities change',
};

/** The form; creating replaces a breakpoint of the same name (the server says so). */
export function BreakForm({ target, onDone }: BreakFormProps) {
  const client = useClient();
  const { reply } = useBreakpoints();
  const taken = reply?.breakpoints.map((b) => b.name) ?? [];
  const [on, setOn] = useState<BreakOn>('enter');
  const [op, setOp] = useState<MemberOp>('<');
  const [value, setValue] = useState(target.kind === 'member' ? String(Number(target.value.toPrecision(6))) : '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const number = Number(value);
  const q = target.kind === 'query' ? target.q : memberCondition(target.component, target.member, op, number);
  const suggested = breakpointName(target.kind === 'query' ? q : `${target.entity} ${q}`, taken);
  const [name, setName] = useState<string | null>(null);
  const create = async () => {
    if (target.kind === 'member' && (value.trim() === '' || !Number.isFinite(number))) { setError(`'${value}' is not a number: the value compared with must be one`); return; }
    setBusy(true);
    setError(undefined);
    try {
      await client.put(breakpointUrl(name ?? suggested, target.kind === 'query' ? { q, on } : { q, on: 'enter', path: target.entity }));
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="break-form" aria-label="New breakpoint" onSubmit={(e) => { e.preventDefault(); void create(); }}>
      {target.kind === 'query' ? (
        <span class="break-what">
          break when <select aria-label="Break when" value={on} onChange={(e) => setOn((e.currentTarget as HTMLSelectElement).value as BreakOn)}>
            {BREAK_ON.map((o) => <option key={o} value={o}>{ON_TITLES[o]}</option>)}
          </select> <code class="mono">{q}</code>
        </span>
      ) : (
        <span class="break-what">
          break when <code class="mono">{target.component}.{target.member}</code> of <code class="mono">{target.entity}</code>{' '}
          <select aria-label="Comparison" value={op} onChange={(e) => setOp((e.currentTarget as HTMLSelectElement).value as MemberOp)}>
            {MEMBER_OPS.map((o) => <option key={o} value={o}>{o}</option>)}
          </select>{' '}
          <input class="mono break-value" aria-label="Value" inputMode="decimal" size={10} value={value} onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)} />
        </span>
      )}
      <label class="break-name">
        name <input aria-label="Breakpoint name" class="mono" size={18} value={name ?? suggested} onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} />
      </label>
      <button type="submit" disabled={busy}>create breakpoint</button>
      <button type="button" class="small" onClick={onDone}>cancel</button>
      {error ? <div class="field-error" role="alert">{error}</div> : null}
    </form>
  );
}
