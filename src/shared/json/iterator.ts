// The query reply (GET /query): the iterator serializer. It writes straight from the matched
// tables' columns into one string — no object per entity — and pages by entities across results.
import { isPair, makePair, type Entity, type Id, type World } from '../ecs';
import { paramDefaults, queryParams, type QueryParams } from '../protocol';
import type { FieldInfo, Query, QueryResult, ResultFn, Slot, VarValues } from '../query';
import { now } from '../clock';
import { idLabelText, idText, labelText, pathText } from './labels';
import { formatF64 } from './number';
import { rowsText } from './row-cache';
import { entityIdsText, entityNamesText } from './entity-list';
import { member } from './members';
import { isAnonymous, parentMember, resultHead } from './result-head';
import { typeInfoText } from './type-info';
import { WORLD_NAMES, type DialectNames } from './dialect-names';
import { predicateFields, predicateSources, spliced, type PredicateFields } from './predicate-fields';
import { templateOf, writeValue } from './value-writer';
import { Page } from './page';

/**
 * What the query reply shows. The switches, offset and limit are GET /query's parameters
 * (protocol's queryParams): their names, meaning and defaults live there only;
 * queryReplyOptions() fills in those defaults for in-process callers.
 */
export type QueryReplyOptions = Omit<QueryParams, 'q' | 'name' | 'vars' | 'try'>;

/** The contract's defaults (the largest limit does not change them unless it is below the default limit). */
const QUERY_DEFAULTS: QueryReplyOptions = paramDefaults(queryParams());

/** The query reply's options: the parameters' zod defaults, with `given` on top. */
export function queryReplyOptions(given: Partial<QueryReplyOptions> = {}): QueryReplyOptions {
  return { ...QUERY_DEFAULTS, ...given };
}

/**
 * Reply shape: 'contract' (ours), or 'flecs-3.2', the reference server's where the two differ:
 * variables as `vars`/`var_labels`/`var_ids`, `eval_duration` for `duration`, and top-level
 * `type_info` as an object keyed by component instead of an array aligned with the terms.
 */
export type ReplyShape = 'contract' | 'flecs-3.2';

/** Field names of the variables and the duration, per reply shape. */
const NAMES = {
  contract: { vars: 'variables', labels: 'variable_labels', ids: 'variable_ids', duration: 'duration' },
  'flecs-3.2': { vars: 'vars', labels: 'var_labels', ids: 'var_ids', duration: 'eval_duration' },
} as const;

/**
 * A reply is made as one list of pieces (punctuation, kept texts, texts printed now) joined once
 * at the end: one copy into one flat string. Nested joins copied a large reply once per level
 * (values, result, results, reply), and nested concatenations were copied once more when the
 * text was flattened to be written out.
 */

/** The longest reply text kept as its query's last reply (characters); longer ones are made anew every time. */
const KEPT_REPLY_CHARS = 1 << 20;

/** Each query's last reply: its pieces and their joined text. */
const lastReplies = new WeakMap<Query, { readonly pieces: readonly string[]; readonly text: string }>();

/**
 * The text of `pieces`: the last reply of the query when every piece equals that reply's (kept
 * texts are the same strings, so most compare at once), else joined anew. Joining a large reply
 * allocates it afresh (a 300 KB text costs more in page faults than in copying), so an unchanged
 * reply is not made twice.
 */
function replyText(query: Query, pieces: string[]): string {
  const last = lastReplies.get(query);
  if (last !== undefined && samePieces(last.pieces, pieces)) return last.text;
  const text = pieces.join('');
  if (text.length <= KEPT_REPLY_CHARS) lastReplies.set(query, { pieces, text });
  return text;
}

function samePieces(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The id a field was written as, with variables and wildcards as `*` / `_`. */
function fieldPattern(world: World, f: FieldInfo): Id {
  const part = (s: Slot): Entity => (s.kind === 'const' ? s.e : s.kind === 'any' ? world.core.Any : world.core.Wildcard);
  return f.second ? makePair(part(f.first), part(f.second)) : part(f.first);
}

/** Writes the results of one evaluation, paging by entities across results. */
class ResultWriter {
  /** Where run() writes: the reply's pieces. */
  private pieces: string[] = [];
  /** True once a result is written (the next one needs a comma). */
  private wrote = false;
  private readonly page: Page;
  private readonly varCount: number;
  private readonly noData: boolean[];
  /** True when no member comes before a result's parent and entities (see varying()). */
  private readonly plainHead: boolean;
  /** What matched in all, counted when `count` is asked for. */
  total = 0;

  constructor(
    private readonly world: World, query: Query, private readonly o: QueryReplyOptions,
    private readonly names: (typeof NAMES)[ReplyShape], private readonly source: ResultSource,
    private readonly dialect: DialectNames,
    /** The comparisons to insert among the fields (the 3.2 reply shape), if any. */
    private readonly preds: PredicateFields | undefined,
  ) {
    this.page = new Page(o.offset, o.limit);
    this.varCount = query.variableNames.length;
    // [out] and [none] terms are not read by the query, so their values are not shown (read only with values).
    this.noData = o.values ? query.fields.map((f) => f.inout === 'out' || f.inout === 'none') : [];
    this.plainHead = !o.ids && !o.id_labels && !o.sources && !o.is_set
      && (this.varCount === 0 || (!o.variables && !o.variable_labels && !o.variable_ids));
  }

  /** Serializes all results, the JSON array's pieces added to `pieces` (none when `write` is false: counting only). */
  run(vars: VarValues, pieces: string[], write: boolean): void {
    this.pieces = write ? pieces : [];
    this.pieces.push('[');
    if (!this.page.full || this.o.count) this.source.each((r) => this.result(r), vars);
    this.pieces.push(']');
  }

  private result(r: QueryResult): boolean {
    const n = r.table ? r.count : 1;
    this.total += n;
    const take = this.page.take(n);
    if (take > 0) this.write(r, this.page.start, take);
    // Past the page, only counting goes on.
    return !this.page.full || this.o.count;
  }

  /** Adds one result's pieces: its members as one text, then its values piece by piece. */
  private write(r: QueryResult, start: number, take: number): void {
    const { world, o, dialect, pieces } = this;
    if (this.wrote) pieces.push(',');
    this.wrote = true;
    const table = r.table;
    let s: string;
    if (table && !r.rows && this.plainHead) {
      // Nothing before the parent and entities: those come from the table's remembered head.
      const head = resultHead(world, table, start, take, dialect, o.entities);
      if (!o.entity_labels && !o.entity_ids && !o.colors && !o.values) { pieces.push(head.closed); return; }
      s = head.members;
    } else {
      s = this.varying(r);
      if (table && o.entities) {
        const parent = parentMember(world, table, dialect);
        if (parent !== '') s = member(s, parent);
        let list: string;
        if (r.rows) {
          list = this.entityList(r, start, take, (e) => {
            const name = dialect.nameOf(world, e);
            return name === undefined ? String(e) : JSON.stringify(name);
          });
        } else {
          list = isAnonymous(world, table) ? entityIdsText(table, start, take) : entityNamesText(world, table, start, take, dialect);
        }
        s = member(s, `"entities":[${list}]`);
      }
    }
    if (table && o.entity_labels) s = member(s, `"entity_labels":[${this.entityList(r, start, take, (e) => labelText(world, e, dialect))}]`);
    if (table && o.entity_ids) s = member(s, `"entity_ids":[${r.rows ? this.entityList(r, start, take, String) : entityIdsText(table, start, take)}]`);
    if (table && o.colors) {
      let any = false;
      const colors = this.entityList(r, start, take, (e) => {
        const c = world.doc(e, 'color');
        if (c === undefined) return 'null';
        any = true;
        return JSON.stringify(c);
      });
      if (any) s = member(s, `"colors":[${colors}]`);
    }
    pieces.push('{', s);
    if (o.values) {
      pieces.push(s === '' ? '"values":[' : ',"values":[');
      const p = this.preds;
      if (p) {
        // The reference shape's comparisons among the fields (rare): each field's text made whole, then spliced.
        const values: string[] = [];
        for (let f = 0; f < r.ids.length; f++) {
          const one: string[] = [];
          this.fieldValues(r, f, start, take, one);
          values.push(one.join(''));
        }
        pieces.push(spliced(values, p.at, '0').join(','));
      } else {
        for (let f = 0; f < r.ids.length; f++) {
          if (f !== 0) pieces.push(',');
          this.fieldValues(r, f, start, take, pieces);
        }
      }
      pieces.push(']');
    }
    pieces.push('}');
  }

  /** The members before the parent and entities, which change with the result: ids, labels, sources, variables, is_set. */
  private varying(r: QueryResult): string {
    const { world, o, dialect } = this;
    const p = this.preds;
    let s = '';
    if (o.ids) s = member(s, `"ids":[${this.aligned(r.ids.map((id) => idText(world, id, dialect)), p?.ids)}]`);
    if (o.id_labels) s = member(s, `"id_labels":[${this.aligned(r.ids.map((id) => idLabelText(world, id, dialect)), p?.ids)}]`);
    if (o.sources) s = member(s, `"sources":[${this.aligned(r.sources.map((src) => pathText(world, src, dialect)), p && predicateSources(world, p, r.vars, dialect))}]`);
    if (this.varCount > 0) {
      const values = r.vars.slice(1);
      // A variable an optional term left unbound names no entity: null, never the id 0.
      const n = this.names;
      if (o.variables) s = member(s, `"${n.vars}":[${values.map((v) => (v === 0 ? 'null' : pathText(world, v, dialect))).join(',')}]`);
      if (o.variable_labels) s = member(s, `"${n.labels}":[${values.map((v) => (v === 0 ? 'null' : labelText(world, v, dialect))).join(',')}]`);
      if (o.variable_ids) s = member(s, `"${n.ids}":[${values.map((v) => (v === 0 ? 'null' : String(v))).join(',')}]`);
    }
    if (o.is_set) s = member(s, `"is_set":[${p ? spliced(r.isSet.map(String), p.at, 'true').join(',') : r.isSet.join(',')}]`);
    return s;
  }

  /** Texts aligned with the fields, joined, with the comparisons' texts inserted when the shape has them. */
  private aligned(texts: string[], fills: readonly string[] | undefined): string {
    return (this.preds && fills ? spliced(texts, this.preds.at, fills) : texts).join(',');
  }

  private entityList(r: QueryResult, start: number, take: number, text: (e: Entity) => string): string {
    const ents = r.table!.entities, rows = r.rows;
    let s = '';
    for (let i = 0; i < take; i++) {
      const e = ents[rows ? rows[start + i]! : start + i]!;
      s += (i ? ',' : '') + text(e);
    }
    return s;
  }

  /** Adds the values of field f to `out`: an array of objects for owned columns, one object when shared, else 0. */
  private fieldValues(r: QueryResult, f: number, start: number, take: number, out: string[]): void {
    if (this.noData[f] || !r.isSet[f]) { out.push('0'); return; }
    const world = this.world, id = r.ids[f]!;
    const schema = world.dataOf(id)?.schema;
    if (!schema) { out.push('0'); return; }
    const src = r.sources[f]!;
    const table = r.table;
    if (src !== 0 || !table) {
      const owner = src === 0 || !world.isAlive(src) ? 0 : world.owns(src, id) ? src : world.findBaseWith(src, id, 0);
      const column = owner === 0 ? undefined : world.locate(owner).table.column(id);
      out.push(column ? writeValue(templateOf(schema), column.arrays, world.locate(owner).row, world, this.dialect) : '0');
      return;
    }
    const column = table.column(id);
    if (!column) { out.push('0'); return; }
    // The rows' text is the row cache's kept string while they do not change: a piece of its own.
    out.push('[', rowsText(column, templateOf(schema), r.rows, start, take, world, this.dialect), ']');
  }
}

/** Where a reply's results come from: the query itself, or something that keeps its results. */
export interface ResultSource {
  each(onResult: ResultFn, vars?: VarValues): void;
}

/** The reference's type_info: an object keyed by component (`"Position"`, `"(Eats,*)"`), first term first. */
function typeInfoObjectText(world: World, fields: readonly FieldInfo[], names: DialectNames): string {
  const entries = new Map<string, string>();
  for (const f of fields) {
    const id = fieldPattern(world, f);
    const key = isPair(id) ? `(${names.pathOf(world, world.pairFirst(id))},${names.pathOf(world, world.pairSecond(id))})` : names.pathOf(world, id);
    if (!entries.has(key)) entries.set(key, typeInfoText(world, id, names));
  }
  return `{${[...entries].map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/**
 * JSON text of the query reply for a compiled query, with variables bound from `vars`. `source`
 * gives the results when they are kept elsewhere (a query cache); it must give the query's own.
 * Paths and labels are printed in the names of `dialect` (default: the world's own).
 */
export function serializeQuery(
  world: World, query: Query, o: QueryReplyOptions = QUERY_DEFAULTS, vars: VarValues = {}, shape: ReplyShape = 'contract', source: ResultSource = query,
  dialect: DialectNames = WORLD_NAMES,
): string {
  const started = o.duration ? now() : 0;
  // The reply's pieces; `out` adds a member (a comma before all but the first).
  const pieces: string[] = ['{'];
  const out = { push: (text: string) => { pieces.push(pieces.length > 1 ? ',' : '', text); } };
  const fields = query.fields;
  const n = NAMES[shape];
  // The reference's shape counts top-level comparisons as terms (see predicate-fields.ts).
  const preds = shape === 'flecs-3.2' ? predicateFields(world, query.plan, dialect) : undefined;
  const withPreds = (texts: string[]) => (preds ? spliced(texts, preds.at, preds.ids) : texts).join(',');
  if (o.term_ids) out.push(`"ids":[${withPreds(fields.map((f) => idText(world, fieldPattern(world, f), dialect)))}]`);
  if (o.term_labels) out.push(`"id_labels":[${withPreds(fields.map((f) => idLabelText(world, fieldPattern(world, f), dialect)))}]`);
  const names = query.variableNames;
  if (names.length > 0) out.push(`"${n.vars}":[${names.map((v) => JSON.stringify(v)).join(',')}]`);
  if (o.type_info) {
    out.push(shape === 'contract' ? `"type_info":[${fields.map((f) => typeInfoText(world, fieldPattern(world, f), dialect)).join(',')}]` : `"type_info":${typeInfoObjectText(world, fields, dialect)}`);
  }
  if (o.results || o.count) {
    const writer = new ResultWriter(world, query, o.results ? o : { ...o, limit: 0 }, n, source, dialect, preds);
    if (o.results) out.push('"results":');
    writer.run(vars, pieces, o.results);
    if (o.count) out.push(`"count":${writer.total}`);
  }
  if (o.duration) out.push(`"${n.duration}":${formatF64(Math.max(0, (now() - started) / 1000))}`);
  pieces.push('}');
  return replyText(query, pieces);
}
