// Edits of component values: the text typed into a field checked against the member's type, and
// the PUT /set payload that changes just that member (or overrides an inherited component).
import type { SetData } from '../client';
import { valueAt, type FieldKind, type MemberPath } from './type-fields';

/** A checked edit: the value to send, or what is wrong with the text. */
export type Coerced = { ok: true; value: unknown } | { ok: false; error: string };

/** Text shown in a field for a member value. */
export function formatValue(v: unknown): string {
  if (v === undefined) return '';
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** Checks the text typed for a member of kind `kind` and converts it to the JSON value to send. */
export function coerceInput(kind: FieldKind, text: string, options: readonly string[] = []): Coerced {
  const t = text.trim();
  switch (kind) {
    case 'float': {
      if (t === '') return { ok: false, error: 'empty: enter a number such as 1.5' };
      const n = Number(t);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) || !Number.isFinite(n)) {
        return { ok: false, error: `"${t}" is not a number: enter a decimal such as 1.5 or 2e-3` };
      }
      return { ok: true, value: n };
    }
    case 'int': {
      if (t === '') return { ok: false, error: 'empty: enter a whole number such as 42' };
      if (!/^[+-]?\d+$/.test(t)) return { ok: false, error: `"${t}" is not a whole number: enter digits only, such as 42` };
      const n = Number(t);
      if (!Number.isSafeInteger(n)) return { ok: false, error: `${t} is too large: enter a whole number up to ${Number.MAX_SAFE_INTEGER}` };
      return { ok: true, value: n };
    }
    case 'bool':
      if (t === 'true' || t === 'false') return { ok: true, value: t === 'true' };
      return { ok: false, error: `"${t}" is not a boolean: use true or false` };
    case 'enum':
      if (options.includes(t)) return { ok: true, value: t };
      return { ok: false, error: `"${t}" is not one of ${options.join(', ')}` };
    case 'entity':
      return { ok: true, value: t };
    case 'text':
      return { ok: true, value: text };
    case 'other':
      try {
        return { ok: true, value: JSON.parse(t) as unknown };
      } catch {
        return { ok: false, error: `"${t}" is not valid JSON: enter a JSON value` };
      }
    default: {
      // Compiles only while every field kind has its case.
      const unhandled: never = kind;
      throw new Error(`unhandled field kind ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * The smallest object that sets one member: ["pos","x"] = 1 -> {"pos":{"x":1}}. Inside an
 * array the whole array is sent (taken from `current`, the component's value) with the one
 * element changed, since members are addressed by name.
 */
export function memberPatch(path: MemberPath, value: unknown, current: unknown): Record<string, unknown> {
  const arrayAt = path.findIndex((p) => typeof p === 'number');
  if (arrayAt >= 0) {
    const head = path.slice(0, arrayAt);
    const whole = structuredCloneJson(valueAt(current, head));
    setAt(whole, path.slice(arrayAt), value);
    return memberPatch(head, whole, current);
  }
  let out: unknown = value;
  for (let i = path.length - 1; i >= 0; i--) out = { [path[i] as string]: out };
  return out as Record<string, unknown>;
}

function structuredCloneJson(v: unknown): unknown {
  return v === undefined ? [] : JSON.parse(JSON.stringify(v)) as unknown;
}

function setAt(target: unknown, path: MemberPath, value: unknown): void {
  let t = target as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const p = path[i]!;
    if (typeof t[p] !== 'object' || t[p] === null) t[p] = typeof path[i + 1] === 'number' ? [] : {};
    t = t[p] as Record<string | number, unknown>;
  }
  t[path[path.length - 1]!] = value;
}

/** PUT /set data that sets one member of component `id`. */
export function memberSetData(id: readonly string[], path: MemberPath, value: unknown, current: unknown): SetData {
  return { ids: [[...id]], values: [memberPatch(path, value, current)] };
}

/** PUT /set data that gives the instance its own copy of an inherited component (its base's value). */
export function overrideSetData(id: readonly string[], baseValue: unknown): SetData {
  const hasData = typeof baseValue === 'object' && baseValue !== null;
  return hasData ? { ids: [[...id]], values: [baseValue] } : { ids: [[...id]] };
}
