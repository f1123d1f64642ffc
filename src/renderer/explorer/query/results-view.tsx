// The query results as a table: entity (with parent path and doc label), variables, and per term
// the matched id, source and value members. Clicking a row opens its entity.
import { EntityLink, Swatch, useOpenEntity } from '../ui';
import type { Cell, ResultTable } from './result-table';

function CellView({ cell }: { cell: Cell | undefined }) {
  if (!cell) return <td class="none">—</td>;
  return (
    <td class={`c-${cell.kind}`}>
      {cell.ref ? <EntityLink path={cell.ref}>{cell.text}</EntityLink> : cell.text}
    </td>
  );
}

/** Column groups with their spans, in column order. */
function groupSpans(table: ResultTable): { group: string; span: number }[] {
  const out: { group: string; span: number }[] = [];
  for (const c of table.columns) {
    const last = out[out.length - 1];
    if (last && last.group === c.group) last.span++;
    else out.push({ group: c.group, span: 1 });
  }
  return out;
}

/** The results table. */
export function ResultsView({ table }: { table: ResultTable }) {
  const open = useOpenEntity();
  const hasEntity = table.rows.some((r) => r.entity);
  return (
    <div class="results-scroll">
      <table class="results">
        <thead>
          <tr>
            {hasEntity ? <th rowSpan={2} class="entity-col">Entity</th> : null}
            {groupSpans(table).map((g, i) => <th key={i} colSpan={g.span} class="group">{g.group}</th>)}
          </tr>
          <tr>
            {table.columns.map((c) => <th key={c.key} class="member">{c.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.key} class={r.entity ? 'clickable' : ''} onClick={(e) => {
              if (r.entity && !(e.target as Element).closest('a')) open(r.entity.path);
            }}>
              {hasEntity ? (
                <td class="entity-col">
                  {r.entity ? (
                    <>
                      {r.entity.color ? <Swatch color={r.entity.color} /> : null}
                      <EntityLink path={r.entity.path} short />
                      {r.entity.label ? <span class="label">{r.entity.label}</span> : null}
                      {r.entity.parent ? <span class="parent">{r.entity.parent}</span> : null}
                    </>
                  ) : <span class="dim">—</span>}
                </td>
              ) : null}
              {table.columns.map((c) => <CellView key={c.key} cell={r.cells[c.key]} />)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
