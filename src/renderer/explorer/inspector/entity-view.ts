// The inspector's reading of an entity reply: doc fields, state (enabled/disabled), components
// with values, tags and pairs — its own and, per IsA base, the inherited ones.
import { displayName, leafName, type AlertInfo, type ComponentValue, type EntityReply, type IdPath } from '../client';

/** The id whose presence means "disabled". */
export const DISABLED_ID = 'ecs.core.Disabled';

/** One id of the entity (or of a base). */
export interface IdEntry {
  id: IdPath;
  /** Doc labels of the id's parts, when they differ from the names. */
  label?: IdPath;
  /** The value when the id carries data. */
  value?: Record<string, unknown>;
  typeInfo?: unknown;
}

/** The ids a base passes on. */
export interface BaseView {
  path: string;
  components: IdEntry[];
  tags: IdEntry[];
}

/** An entity as the inspector shows it. */
export interface EntityView {
  path: string;
  label?: string;
  brief?: string;
  link?: string;
  color?: string;
  disabled: boolean;
  /** Own components with data. */
  components: IdEntry[];
  /** Own tags and pairs without data. */
  tags: IdEntry[];
  bases: BaseView[];
  alerts: AlertInfo[];
  matches: string[];
  /** Entities whose pairs point at this one, by relationship (children under ChildOf left out: the tree shows them). */
  referencedBy: [string, string[]][];
}

/** The key of children in `refs` (grouped by relationship name, not path: ecs.core.ChildOf is 'ChildOf'). */
const CHILD_OF_REFS = 'ChildOf';

function entries(ids: IdPath[] = [], labels: IdPath[] | undefined, values: ComponentValue[] | undefined, infos: unknown[] | undefined) {
  const components: IdEntry[] = [];
  const tags: IdEntry[] = [];
  ids.forEach((id, i) => {
    const e: IdEntry = { id };
    const label = labels?.[i];
    if (label && label.some((l, k) => l !== id[k])) e.label = label;
    const v = values?.[i];
    const info = infos?.[i];
    if (info !== undefined && info !== 0) e.typeInfo = info;
    if (v && typeof v === 'object') {
      e.value = v;
      components.push(e);
    } else tags.push(e);
  });
  return { components, tags };
}

/** The view of an entity reply; `path` is used when the reply has none. */
export function entityView(reply: EntityReply, path: string): EntityView {
  const own = entries(reply.ids, reply.id_labels, reply.values, reply.type_info);
  const view: EntityView = {
    path: reply.path ?? path,
    disabled: (reply.ids ?? []).some((id) => id.length === 1 && id[0] === DISABLED_ID),
    components: own.components,
    tags: own.tags,
    bases: (reply.is_a ?? []).map((b) => ({ path: b.path, ...entries(b.ids, b.id_labels, b.values, b.type_info) })),
    alerts: Array.isArray(reply.alerts) ? reply.alerts : [],
    matches: Array.isArray(reply.matches) ? reply.matches : [],
    referencedBy: Object.entries(reply.refs ?? {}).filter(([rel, from]) => rel !== CHILD_OF_REFS && from.length > 0),
  };
  if (reply.label !== undefined) view.label = reply.label;
  if (reply.brief !== undefined) view.brief = reply.brief;
  if (reply.link !== undefined) view.link = reply.link;
  if (reply.color !== undefined) view.color = reply.color;
  return view;
}

/** Key of an id for lists and lookups: "Position" or "Eats|Apples". */
export function idKey(id: IdPath): string {
  return id.join('|');
}

/**
 * The inspector's heading: the doc name when it says more than the entity's own name, else the
 * name ("#1234" for an anonymous entity, whose doc name the server gives as its bare id).
 */
export function entityTitle(view: Pick<EntityView, 'path' | 'label'>): string {
  const own = displayName(view.path);
  return view.label && view.label !== leafName(view.path) && view.label !== own ? view.label : own;
}
