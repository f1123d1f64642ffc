// The explorer's world-building actions as REST requests, each with the request that undoes it,
// worked out from what the entity was before (its reply with values): create <-> PUT /delete,
// add <-> DELETE /component, remove <-> PUT /component with the value it had, rename <-> rename
// back. One request each way, the same a curl user would send.
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
  /** Dotted path to show once the undo succeeded. */
  afterUndo?: string;
}

function componentUrl(path: string, id: string, value?: unknown): string {
  const v = value === undefined ? '' : `&value=${encodeURIComponent(JSON.stringify(value))}`;
  return `/component/${entityUrlPath(path)}?component=${encodeURIComponent(id)}${v}`;
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

/** Creates `name` under `parent` (dotted path; '' or undefined for the root). */
export function createStep(parent: string | undefined, name: string): BuildStep {
  const path = parent ? `${parent}.${name}` : name;
  return {
    label: `create ${path}`,
    request: { method: 'PUT', url: `/entity/${entityUrlPath(path)}` },
    undo: { method: 'PUT', url: `/delete/${entityUrlPath(path)}` },
    after: path, afterUndo: parent || undefined,
  };
}

/** Adds `id` (with `value`, or the reflected defaults) to an entity that does not own it. */
export function addStep(path: string, id: string, value?: unknown): BuildStep {
  return {
    label: `add ${id} to ${path}`,
    request: { method: 'PUT', url: componentUrl(path, id, value) },
    undo: { method: 'DELETE', url: componentUrl(path, id) },
    after: path, afterUndo: path,
  };
}

/** Removes an owned `id`; `value` is the value it had (undefined for a tag or a pair without data). */
export function removeStep(path: string, id: string, value: unknown): BuildStep {
  return {
    label: `remove ${id} from ${path}`,
    request: { method: 'DELETE', url: componentUrl(path, id) },
    undo: { method: 'PUT', url: componentUrl(path, id, value ?? undefined) },
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
