// Alert message templates: text with references to the matched entity and its component values.
//   $this            the entity's path (dotted; its id when anonymous)
//   $name            the entity's name (its id when anonymous)
//   {Fuel.value}     a member of a component on the entity (own or inherited), e.g. 12.5
//   {Fuel.value:1}   the same with a fixed number of decimals (12.5 -> "12.5", 3 -> "3.0")
//   {{ and }}        literal braces
// References are resolved when the alert is defined, so a typo fails at once with the culprit.
import { type Entity, type Id, type Leaf, type World } from '../ecs';
import { formatF32, formatF64 } from '../json';
import { unreachable } from '../unreachable';

/** One piece of a compiled template. */
export type TemplatePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'path' }
  | { readonly kind: 'name' }
  | { readonly kind: 'member'; readonly id: Id; readonly leaf: number; readonly info: Leaf; readonly digits: number | undefined };

/** A compiled message template. */
export interface MessageTemplate {
  /** The template as written. */
  readonly source: string;
  readonly parts: readonly TemplatePart[];
}

/** A template that cannot be compiled; the message names the culprit and says what to write. */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
}

const REFERENCE = /^(.+?)(?::(\d{1,2}))?$/;

/** Compiles a template against the world's components. Throws TemplateError. */
export function compileTemplate(world: World, source: string): MessageTemplate {
  if (typeof source !== 'string') throw new TemplateError(`an alert message must be a string, got ${typeof source}`);
  const parts: TemplatePart[] = [];
  let text = '';
  const flush = () => { if (text) { parts.push({ kind: 'text', text }); text = ''; } };
  for (let i = 0; i < source.length;) {
    const ch = source[i]!;
    if ((ch === '{' || ch === '}') && source[i + 1] === ch) { text += ch; i += 2; continue; }
    if (ch === '$' && isWord(source, i + 1, 'this')) { flush(); parts.push({ kind: 'path' }); i += 5; continue; }
    if (ch === '$' && isWord(source, i + 1, 'name')) { flush(); parts.push({ kind: 'name' }); i += 5; continue; }
    if (ch === '}') throw new TemplateError(`unmatched '}' at position ${i} of the alert message ${JSON.stringify(source)}: write '}}' for a literal brace`);
    if (ch !== '{') { text += ch; i++; continue; }
    const end = source.indexOf('}', i + 1);
    if (end < 0) throw new TemplateError(`unclosed '{' at position ${i} of the alert message ${JSON.stringify(source)}: write {Component.member}, or '{{' for a literal brace`);
    flush();
    parts.push(reference(world, source.slice(i + 1, end).trim(), source));
    i = end + 1;
  }
  flush();
  return { source, parts };
}

function isWord(s: string, at: number, word: string): boolean {
  if (!s.startsWith(word, at)) return false;
  const next = s.charCodeAt(at + word.length);
  // `$thisShip` is not `$this`: the reference must end at a non-identifier character.
  return !(next >= 48 && next <= 57) && !(next >= 65 && next <= 90) && !(next >= 97 && next <= 122) && next !== 95;
}

/** Resolves `{Component.member[:digits]}`: the shortest component path whose schema has the rest as a member. */
function reference(world: World, body: string, source: string): TemplatePart {
  if (body === '$this') return { kind: 'path' };
  if (body === '$name') return { kind: 'name' };
  const m = REFERENCE.exec(body);
  const ref = m?.[1] ?? '';
  const digits = m?.[2] === undefined ? undefined : Number(m[2]);
  let component: string | undefined;
  for (let dot = ref.indexOf('.'); dot > 0; dot = ref.indexOf('.', dot + 1)) {
    const id = world.lookupSymbol(ref.slice(0, dot));
    const schema = id ? world.componentInfo(id)?.schema : undefined;
    if (!schema) continue;
    component ??= ref.slice(0, dot);
    const leaf = schema.leafByKey.get(ref.slice(dot + 1));
    if (leaf !== undefined) return { kind: 'member', id, leaf, info: schema.leaves[leaf]!, digits };
  }
  if (component !== undefined) {
    const id = world.lookupSymbol(component);
    const members = world.componentInfo(id)!.schema!.leaves.map((l) => l.key).join(', ');
    throw new TemplateError(`{${body}} in the alert message ${JSON.stringify(source)}: ${component} has no member '${ref.slice(component.length + 1)}'; its members are ${members}`);
  }
  throw new TemplateError(`{${body}} in the alert message ${JSON.stringify(source)} names no component member: write {Component.member} (e.g. {Fuel.value}) with a registered, reflected component, or $this for the entity`);
}

/** Renders a template for one entity. */
export function renderTemplate(world: World, t: MessageTemplate, e: Entity): string {
  let out = '';
  for (const p of t.parts) {
    switch (p.kind) {
      case 'text': out += p.text; break;
      case 'path': out += world.pathOf(e); break;
      case 'name': out += world.nameOf(e) ?? String(e); break;
      case 'member': out += memberText(world, e, p); break;
      default: unreachable(p, 'template part');
    }
  }
  return out;
}

function memberText(world: World, e: Entity, p: TemplatePart & { kind: 'member' }): string {
  const owner = world.ownsId(e, p.id) ? e : world.findBaseWith(e, p.id, 0);
  if (!owner) return '?';
  const { table, row } = world.locate(owner);
  const column = table.column(p.id);
  if (!column) return '?';
  const v = column.arrays[p.leaf]![row]!;
  const leaf = p.info;
  switch (leaf.kind) {
    case 'string': return String(v);
    case 'bool': return v ? 'true' : 'false';
    case 'enum': return leaf.constants![v as number] ?? String(v);
    case 'entity': return v && world.isAlive(v as number) ? world.pathOf(v as number) : String(v);
    case 'f32': return p.digits !== undefined ? (v as number).toFixed(p.digits) : formatF32(v as number);
    case 'f64': return p.digits !== undefined ? (v as number).toFixed(p.digits) : formatF64(v as number);
    case 'i8': case 'i16': case 'i32': case 'i64': case 'u8': case 'u16': case 'u32': case 'u64': return p.digits !== undefined ? (v as number).toFixed(p.digits) : String(v);
    default: return unreachable(leaf.kind, 'leaf kind');
  }
}
