// Turns a query reply (results grouped per table, values per term) into a flat table: one row per
// matched entity (or per result when the query has no $this), columns for variables and for each
// term's matched id, source and value members ("Position.x").
import { childPath, evalSeconds, variableNames, type IdPath, type QueryReply, type QueryResult } from '../client';
import { formatReadable, shortIdText, shortName, shortenPaths } from '../ui';

/** One table cell: its text, and the entity it names (clicking opens it) if any. */
export interface Cell {
  /** What the cell shows (numbers rounded, built-ins by short name). */
  text: string;
  /** The full value, when `text` shortens it (shown on hover). */
  full?: string;
  /** Dotted path of an entity to open. */
  ref?: string;
  /** Right-aligned numbers, dim "—" for nothing. */
  kind: 'number' | 'text' | 'bool' | 'none';
}

/** A column: `group` is the term ("Position", "(Eats, $food)") or "Variables". */
export interface Column {
  key: string;
  /** The term as the server names it ("(ecs.core.ChildOf, $p)"). */
  group: string;
  /** The term with built-ins by short name ("(ChildOf, $p)"). */
  groupShort: string;
  label: string;
}

/** The matched entity of a row. */
export interface RowEntity {
  /** Dotted path (for anonymous entities the id, after the parent path). */
  path: string;
  /** Name, or the id of an anonymous entity. */
  name: string | number;
  parent?: string;
  /** Doc name when it differs from the name. */
  label?: string;
  color?: string;
}

/** One row of the table. */
export interface Row {
  key: string;
  entity?: RowEntity;
  cells: Record<string, Cell>;
}

/** A query reply as a table. */
export interface ResultTable {
  columns: Column[];
  rows: Row[];
  /** Names of the query's variables (without '$'). */
  variables: string[];
  /** Evaluation time in seconds, when the reply has it. */
  seconds?: number;
  /** Entities matched in all (the reply's `count`), when the reply has it. */
  total?: number;
  /** True when some row's entity has a parent and no variable holds that parent in every row (the table then has a Parent column). */
  hasParent: boolean;
}

/** How an id reads: "Position" or "(Eats, Apples)". */
export function idText(id: IdPath | undefined): string {
  if (!id || id.length === 0) return '?';
  return id.length === 1 ? id[0]! : `(${id[0]}, ${id[1]})`;
}

/** A member value as cell text. */
export function valueCell(v: unknown, isEntity = false): Cell {
  if (v === undefined) return { text: '—', kind: 'none' };
  if (v === null) return { text: 'null', kind: 'number' };
  if (typeof v === 'number') {
    const text = formatReadable(v);
    return text === String(v) ? { text, kind: 'number' } : { text, full: String(v), kind: 'number' };
  }
  if (typeof v === 'boolean') return { text: String(v), kind: 'bool' };
  if (typeof v === 'string') return isEntity && v !== '' && v !== '0' ? refCell(v) : { text: v, kind: 'text' };
  return { text: JSON.stringify(v), kind: 'text' };
}

/** A cell naming an entity: built-ins by short name, the full path on hover. */
function refCell(path: string, text = shortName(path)): Cell {
  return text === path ? { text, ref: path, kind: 'text' } : { text, full: path, ref: path, kind: 'text' };
}

/** Leaf members of a value: {"p": {"x": 1}} -> [["p.x", 1]]; arrays and scalars stay whole. */
export function flattenMembers(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [[prefix || 'value', value]];
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) out.push(...flattenMembers(v, key));
    else out.push([key, v]);
  }
  return out;
}

/** True when the reflection data marks member `key` ("pos.x") as an entity reference. */
function isEntityMember(info: unknown, key: string): boolean {
  let node: unknown = info;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return Array.isArray(node) && node[0] === 'entity';
}

/** Type info of term i: an array aligned with terms (ours) or an object by component name (reference). */
function termTypeInfo(reply: QueryReply, i: number, header: string): unknown {
  const ti = reply.type_info;
  if (Array.isArray(ti)) return ti[i];
  if (ti && typeof ti === 'object') return (ti as Record<string, unknown>)[header];
  return undefined;
}

/** The value of term `t` for the row-th entity of a result: per-entity arrays, a shared object, or none. */
export function termValue(result: QueryResult, t: number, row: number): unknown {
  const v = result.values?.[t];
  if (Array.isArray(v)) return v.length === 0 ? undefined : v[row];
  if (v && typeof v === 'object') return v;
  return undefined;
}

/** The table of a query reply. */
export function flattenQueryReply(reply: QueryReply): ResultTable {
  const results = reply.results ?? [];
  const variables = variableNames(reply);
  const termCount = Math.max(reply.ids?.length ?? 0, ...results.map((r) => Math.max(r.ids?.length ?? 0, r.values?.length ?? 0, r.sources?.length ?? 0)));
  const headers: string[] = [];
  for (let t = 0; t < termCount; t++) {
    const id = reply.ids?.[t] ?? results.find((r) => r.ids?.[t])?.ids?.[t];
    headers.push(id ? idText(id) : `term ${t + 1}`);
  }
  const showId = new Array<boolean>(termCount).fill(false);
  const showSrc = new Array<boolean>(termCount).fill(false);
  const memberKeys: string[][] = headers.map(() => []);
  const rows: Row[] = [];

  results.forEach((r, ri) => {
    const values = r.variables ?? r.vars ?? [];
    const labels = r.variable_labels ?? r.var_labels ?? [];
    const ents = r.entities && r.entities.length ? r.entities : undefined;
    const n = ents ? ents.length : 1;
    for (let row = 0; row < n; row++) {
      const cells: Record<string, Cell> = {};
      variables.forEach((name, vi) => {
        // Widened: servers before the contract's null sent 0 for an unbound variable.
        const v = values[vi] as string | 0 | null | undefined;
        const label = labels[vi];
        // null (or 0, from older servers): an optional term left the variable unbound.
        cells[`var.${name}`] = v === undefined || v === null || v === 0 || v === '*'
          ? { text: v === undefined || v === null ? '—' : String(v), kind: 'none' }
          : refCell(String(v), label && label !== v && !String(v).endsWith(label) ? `${shortName(String(v))} (${label})` : shortName(String(v)));
      });
      for (let t = 0; t < termCount; t++) {
        const id = r.ids?.[t];
        if (id) {
          const text = idText(id);
          if (text !== headers[t]) showId[t] = true;
          const target = id.length === 2 && id[1] !== '*' && id[1] !== '_' && !id[1]!.startsWith('$') ? id[1] : undefined;
          const short = shortIdText(id);
          const cell: Cell = short === text ? { text, kind: 'text' } : { text: short, full: text, kind: 'text' };
          if (target) cell.ref = target;
          cells[`t${t}.id`] = cell;
        }
        const src = r.sources?.[t];
        if (src !== undefined && src !== 0) {
          showSrc[t] = true;
          cells[`t${t}.src`] = refCell(src);
        } else if (src === 0) cells[`t${t}.src`] = { text: '$this', kind: 'none' };
        const value = termValue(r, t, row);
        if (value === undefined) continue;
        const info = termTypeInfo(reply, t, headers[t]!);
        for (const [k, v] of flattenMembers(value)) {
          if (!memberKeys[t]!.includes(k)) memberKeys[t]!.push(k);
          cells[`t${t}.v.${k}`] = valueCell(v, isEntityMember(info, k));
        }
      }
      const entity = ents ? rowEntity(r, row, ents[row]!) : undefined;
      rows.push(entity ? { key: `${ri}:${row}`, entity, cells } : { key: `${ri}:${row}`, cells });
    }
  });

  const varColumns: Column[] = variables.map((name) => ({ key: `var.${name}`, group: 'Variables', groupShort: 'Variables', label: `$${name}` }));
  const columns: Column[] = [...varColumns];
  for (let t = 0; t < termCount; t++) {
    const group = headers[t]!;
    const groupShort = shortenPaths(group);
    // An id or source column that only repeats a variable's value in every row adds nothing.
    if (showId[t] && !repeatsVariable(rows, `t${t}.id`, varColumns)) columns.push({ key: `t${t}.id`, group, groupShort, label: 'id' });
    if (showSrc[t] && !repeatsVariable(rows, `t${t}.src`, varColumns)) columns.push({ key: `t${t}.src`, group, groupShort, label: 'source' });
    for (const k of memberKeys[t]!) columns.push({ key: `t${t}.v.${k}`, group, groupShort, label: k });
  }
  // A Parent column beside a variable that holds the parent in every row ((ChildOf, $p)) says it twice: keep the variable.
  const parentIsVariable = rows.length > 0 && varColumns.some((v) => rows.every((r) => r.entity?.parent !== undefined && r.cells[v.key]?.ref === r.entity.parent));
  const table: ResultTable = { columns, rows, variables, hasParent: !parentIsVariable && rows.some((r) => r.entity?.parent !== undefined) };
  const seconds = evalSeconds(reply);
  if (seconds !== undefined) table.seconds = seconds;
  if (typeof reply.count === 'number') table.total = reply.count;
  return table;
}

/** True when, in every row, column `key` names the same entity as one variable column. */
function repeatsVariable(rows: readonly Row[], key: string, vars: readonly Column[]): boolean {
  if (!rows.length) return false;
  return vars.some((v) => rows.every((r) => {
    const a = r.cells[key], b = r.cells[v.key];
    return a !== undefined && b !== undefined && b.ref !== undefined && a.ref === b.ref;
  }));
}

function rowEntity(r: QueryResult, row: number, name: string | number): RowEntity {
  const e: RowEntity = { path: childPath(r.parent, name), name };
  if (r.parent) e.parent = r.parent;
  const label = r.entity_labels?.[row];
  if (label !== undefined && label !== String(name)) e.label = label;
  const color = r.colors?.[row];
  if (color) e.color = color;
  return e;
}

/** Number of entities in a reply (what offset and limit count). */
export function entityCount(reply: QueryReply): number {
  let n = 0;
  for (const r of reply.results ?? []) n += r.entities?.length ?? 0;
  return n;
}
