// The explorer's world-building actions as REST requests, each with the request that undoes it,
// worked out from what the entity was before (its reply with values): create <-> PUT /delete,
// add <-> DELETE /component (or, when the entity owned the id already, PUT /component with the
// value it had), remove <-> PUT /component with the value it had, rename <-> rename back. One
// request each way, the same a curl user would send.
import { entityUrlPath } from '../client';

/** One REST write. */
export interface BuildRequest {
  method: 'PUT' | 'DELETE';
  url: string;
}

/** An action: what it sends, what undoes it, and which entity to show after each. */
export interface BuildStep {
  /** For the undo button: "add Velocity to Sun.Mars". */
  label: string;
  request: BuildRequest;
  undo: BuildRequest;
  /** Dotted path to show once the request succeeded (undefined: none). */
  after?: string;
  /** Dotted path to show once the undo succeeded ('': none, clear the selection; undefined: stay). */
  afterUndo?: string;
}

/** PUT|DELETE /component's URL; `valueJson` is the value= parameter as JSON text. */
function componentUrl(path: string, id: string, valueJson?: string): string {
  const v = valueJson === undefined ? '' : `&value=${encodeURIComponent(valueJson)}`;
  return `/component/${entityUrlPath(path)}?component=${encodeURIComponent(id)}${v}`;
}

/** The value= text of a value read from an entity reply (none for a tag or a pair without data). */
function jsonOf(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : JSON.stringify(value);
}

/** What an entity had of an id before an add: owned, with this value (undefined: no data). */
export interface OwnedBefore {
  value?: unknown;
}

/** The parent's dotted path of `path` ('' at the root). */
function parentOf(path: string): string {
  const i = path.lastIndexOf('.');
  return i < 0 ? '' : path.slice(0, i);
}

/** The text of an id as the `component` parameter takes it: `Position` or `(Rel,Target)`. */
export function idParam(id: readonly string[]): string {
  return id.length === 2 ? `(${id[0]},${id[1]})` : id[0]!;
}

/**
 * Creates `name` under `parent` (dotted path; '' or undefined for the root). `from` is the entity
 * shown when it was asked for (undefined: the parent; '' for none), shown again after the undo.
 */
export function createStep(parent: string | undefined, name: string, from?: string): BuildStep {
  const path = parent ? `${parent}.${name}` : name;
  return {
    label: `create ${path}`,
    request: { method: 'PUT', url: `/entity/${entityUrlPath(path)}` },
    undo: { method: 'PUT', url: `/delete/${entityUrlPath(path)}` },
    after: path, afterUndo: from ?? (parent || undefined),
  };
}

/**
 * Adds `id` with `valueJson` (value= of PUT /component: the members given, the others at their
 * reflected defaults) or without it (the reflected defaults). When the entity owned the id
 * already (`before`), the undo puts back the value it had instead of removing it.
 */
export function addStep(path: string, id: string, valueJson?: string, before?: OwnedBefore): BuildStep {
  return {
    label: `add ${id}${valueJson === undefined ? '' : ` = ${valueJson}`} to ${path}`,
    request: { method: 'PUT', url: componentUrl(path, id, valueJson) },
    undo: before ? { method: 'PUT', url: componentUrl(path, id, jsonOf(before.value)) } : { method: 'DELETE', url: componentUrl(path, id) },
    after: path, afterUndo: path,
  };
}

/** Removes an owned `id`; `value` is the value it had (undefined for a tag or a pair without data). */
export function removeStep(path: string, id: string, value: unknown): BuildStep {
  return {
    label: `remove ${id} from ${path}`,
    request: { method: 'DELETE', url: componentUrl(path, id) },
    undo: { method: 'PUT', url: componentUrl(path, id, jsonOf(value)) },
    after: path, afterUndo: path,
  };
}

/** Renames the entity at `path` to `name` (same parent). */
export function renameStep(path: string, name: string): BuildStep {
  const parent = parentOf(path);
  const old = path.slice(path.lastIndexOf('.') + 1);
  const renamed = parent ? `${parent}.${name}` : name;
  return {
    label: `rename ${path} to ${name}`,
    request: { method: 'PUT', url: `/rename/${entityUrlPath(path)}?name=${encodeURIComponent(name)}` },
    undo: { method: 'PUT', url: `/rename/${entityUrlPath(renamed)}?name=${encodeURIComponent(old)}` },
    after: renamed, afterUndo: path,
  };
}
