// The query results as a table: entity (name and, in grey, its doc name), its parent, variables,
// and per term the matched id, source and value members. Columns can be resized by dragging their
// right edge; a cell cut short shows its full value on hover. Clicking a row opens its entity.
import { useRef, useState } from 'preact/hooks';
import { EntityLink, Swatch, useOpenEntity } from '../ui';
import type { Cell, ResultTable } from './result-table';

/** Narrowest a column can be dragged, in CSS pixels. */
const MIN_COLUMN = 40;

type Widths = Record<string, number>;

function widthStyle(w: number | undefined) {
  return w === undefined ? undefined : { width: `${w}px`, minWidth: `${w}px`, maxWidth: `${w}px` };
}

function CellView({ cell, width }: { cell: Cell | undefined; width: number | undefined }) {
  if (!cell) return <td class="none" style={widthStyle(width)}>—</td>;
  return (
    <td class={`c-${cell.kind}`} style={widthStyle(width)} title={cell.full ?? cell.text}>
      {cell.ref ? <EntityLink path={cell.ref} title={cell.full ?? cell.ref}>{cell.text}</EntityLink> : cell.text}
    </td>
  );
}

/** Column groups with their spans, in column order. */
function groupSpans(table: ResultTable): { group: string; short: string; span: number }[] {
  const out: { group: string; short: string; span: number }[] = [];
  for (const c of table.columns) {
    const last = out[out.length - 1];
    if (last && last.group === c.group) last.span++;
    else out.push({ group: c.group, short: c.groupShort, span: 1 });
  }
  return out;
}

/** A header cell with a drag handle on its right edge. */
function ResizableTh({ id, label, title, widths, onWidth, cls, rowSpan }: {
  id: string; label: string; title?: string; widths: Widths; onWidth(id: string, w: number): void; cls: string; rowSpan?: number;
}) {
  const th = useRef<HTMLTableCellElement>(null);
  const drag = useRef<{ x: number; w: number } | null>(null);
  return (
    <th ref={th} class={`${cls} resizable`} rowSpan={rowSpan} style={widthStyle(widths[id])} title={title} data-column={id}>
      {label}
      <span
        class="col-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize column ${label}`}
        onPointerDown={(e) => {
          (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
          drag.current = { x: e.clientX, w: th.current?.getBoundingClientRect().width ?? 100 };
          e.preventDefault();
          e.stopPropagation();
        }}
        onPointerMove={(e) => {
          if (drag.current) onWidth(id, Math.max(MIN_COLUMN, Math.round(drag.current.w + e.clientX - drag.current.x)));
        }}
        onPointerUp={() => { drag.current = null; }}
        onPointerCancel={() => { drag.current = null; }}
        onDblClick={() => onWidth(id, -1)}
      />
    </th>
  );
}

/** The results table. */
export function ResultsView({ table }: { table: ResultTable }) {
  const open = useOpenEntity();
  const [widths, setWidths] = useState<Widths>({});
  const onWidth = (id: string, w: number) => setWidths((s) => {
    const next = { ...s };
    if (w < 0) delete next[id];
    else next[id] = w;
    return next;
  });
  const hasEntity = table.rows.some((r) => r.entity);
  const parent = hasEntity && table.hasParent;
  return (
    <div class="results-scroll">
      <table class="results">
        <thead>
          <tr>
            {hasEntity ? <ResizableTh id="#entity" cls="entity-col" rowSpan={2} label="Entity" title="The matched entity: its name, and in grey its doc name" widths={widths} onWidth={onWidth} /> : null}
            {parent ? <ResizableTh id="#parent" cls="parent-col" rowSpan={2} label="Parent" title="The entity's parent" widths={widths} onWidth={onWidth} /> : null}
            {groupSpans(table).map((g, i) => <th key={i} colSpan={g.span} class="group" title={g.group}>{g.short}</th>)}
          </tr>
          <tr>
            {table.columns.map((c) => <ResizableTh key={c.key} id={c.key} cls="member" label={c.label} title={`${c.group} · ${c.label}`} widths={widths} onWidth={onWidth} />)}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.key} class={r.entity ? 'clickable' : ''} onClick={(e) => {
              if (r.entity && !(e.target as Element).closest('a')) open(r.entity.path);
            }}>
              {hasEntity ? (
                <td class="entity-col" style={widthStyle(widths['#entity'])} title={r.entity ? r.entity.path : undefined}>
                  {r.entity ? (
                    <>
                      {r.entity.color ? <Swatch color={r.entity.color} /> : null}
                      <EntityLink path={r.entity.path} short />
                      {r.entity.label ? <span class="label">{r.entity.label}</span> : null}
                    </>
                  ) : <span class="dim">—</span>}
                </td>
              ) : null}
              {parent ? (
                <td class="parent-col" style={widthStyle(widths['#parent'])}>
                  {r.entity?.parent ? <EntityLink path={r.entity.parent} /> : <span class="dim">—</span>}
                </td>
              ) : null}
              {table.columns.map((c) => <CellView key={c.key} cell={r.cells[c.key]} width={widths[c.key]} />)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
