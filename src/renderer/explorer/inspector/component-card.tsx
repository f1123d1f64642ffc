// A component of the inspected entity: its id (pairs as (rel, target)) and its members as fields.
// Inherited components are read-only and offer "override", which gives the instance its own copy.
import { useState } from 'preact/hooks';
import { errorText, setUrl } from '../client';
import { BreakForm } from '../breakpoints';
import { IdText, useClient } from '../ui';
import { colorFromHex, colorHex, colorOf } from './color-value';
import type { IdEntry } from './entity-view';
import type { PlottedMember } from './member-history';
import { fieldsOf, valueAt, type FieldSpec } from './type-fields';
import { memberSetData, overrideSetData } from './value-edit';
import { ValueField } from './value-field';

/** How an id is named to assistive technology: "Position", or "(TravellingTo, Sun.Earth)" for a pair. */
function idLabel(id: readonly string[]): string {
  return id.length > 1 ? `(${id.join(', ')})` : id[0] ?? '';
}

/** Props of ComponentCard. */
export interface ComponentCardProps {
  /** Path of the inspected entity (the one that is changed). */
  entity: string;
  entry: IdEntry;
  /** Path of the base it is inherited from; the card is then read-only with an override action. */
  inheritedFrom?: string;
  /** Plots a numeric member live (the inspector's member plot); no plot buttons without it. */
  onPlot?(member: PlottedMember): void;
}

/** One component with its value fields. */
export function ComponentCard({ entity, entry, inheritedFrom, onPlot }: ComponentCardProps) {
  const client = useClient();
  const [overrideError, setOverrideError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const fields = fieldsOf(entry.typeInfo, entry.value);
  const color = colorOf(entry.value);
  const [colorError, setColorError] = useState<string | undefined>();
  const [breakOn, setBreakOn] = useState<FieldSpec | undefined>();
  // "break when this value …" needs Component.member in a query: one component (not a pair) and a member path without indices.
  const breakable = (spec: FieldSpec) => entry.id.length === 1 && (spec.kind === 'float' || spec.kind === 'int') && !spec.label.includes('[');

  const override = async () => {
    setBusy(true);
    setOverrideError(undefined);
    try {
      await client.put(setUrl(entity, overrideSetData(entry.id, entry.value)));
    } catch (err) {
      setOverrideError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class={`card${inheritedFrom ? ' inherited' : ''}`} data-component={entry.id.join(',')} role="group" aria-label={idLabel(entry.id)}>
      <div class="card-header">
        <span class="card-title"><IdText id={entry.id} labels={entry.label} /></span>
        {inheritedFrom ? (
          <button type="button" class="small" disabled={busy} onClick={() => void override()} title={`Give ${entity} its own copy of this component`}>
            override
          </button>
        ) : null}
      </div>
      {color ? (
        <div class="color-row">
          <input
            type="color"
            aria-label="Pick a color"
            value={colorHex(color)}
            disabled={inheritedFrom !== undefined}
            onChange={(e) => {
              const rgb = colorFromHex((e.currentTarget as HTMLInputElement).value, color.scale);
              if (!rgb) return;
              setColorError(undefined);
              client.put(setUrl(entity, { ids: [[...entry.id]], values: [{ ...entry.value, ...rgb }] })).catch((err: unknown) => setColorError(errorText(err)));
            }}
          />
          <span class="mono color-hex">{colorHex(color)}</span>
          {colorError ? <div class="field-error" role="alert">{colorError}</div> : null}
        </div>
      ) : null}
      {fields.length ? (
        <div class={onPlot ? 'fields plottable' : 'fields'}>
          {fields.map((spec) => (
            <div class="field-row" key={spec.label}>
            <ValueField
              key={spec.label}
              spec={spec}
              value={valueAt(entry.value, spec.path)}
              readOnly={inheritedFrom !== undefined}
              onCommit={async (v) => {
                await client.put(setUrl(entity, memberSetData(entry.id, spec.path, v, entry.value)));
              }}
            />
            {!onPlot ? null : spec.kind === 'float' || spec.kind === 'int' ? (
              <span class="field-actions">
                <button type="button" class="small plot-button" title={`Plot ${idLabel(entry.id)}.${spec.label} over the last 60 s`}
                  onClick={() => onPlot({ id: entry.id, path: spec.path, label: `${idLabel(entry.id)}.${spec.label}` })}>plot</button>
                {breakable(spec) ? (
                  <button type="button" class="small break-button" aria-label={`Break when ${idLabel(entry.id)}.${spec.label} …`}
                    title={`Break when ${entity}'s ${idLabel(entry.id)}.${spec.label} is < ≤ > ≥ = ≠ a value`} onClick={() => setBreakOn(breakOn?.label === spec.label ? undefined : spec)}>break</button>
                ) : null}
              </span>
            ) : <span />}
            </div>
          ))}
        </div>
      ) : <div class="dim small-note">no members</div>}
      {breakOn ? (
        <BreakForm key={breakOn.label} onDone={() => setBreakOn(undefined)}
          target={{ kind: 'member', entity, component: entry.id[0]!, member: breakOn.label, value: Number(valueAt(entry.value, breakOn.path)) || 0 }} />
      ) : null}
      {overrideError ? <div class="field-error" role="alert">{overrideError}</div> : null}
    </div>
  );
}
