// A clickable entity reference: opens the entity in the inspector; middle-click or ctrl-click
// opens the same view with that entity in a new tab (the href is a real explorer link).
import type { ComponentChildren } from 'preact';
import { displayName } from '../client';
import { useOpenEntity } from './contexts';

/** The explorer address that shows `path` (other parameters of the current address kept). */
export function entityHref(path: string): string {
  const p = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  p.set('entity', path);
  return `?${p.toString().replace(/%2C/g, ',')}`;
}

/** Props of EntityLink. */
export interface EntityLinkProps {
  /** Dotted path of the entity. */
  path: string;
  /** What to show (default: the path). */
  children?: ComponentChildren;
  /** Show only the last level ("Earth" for Sun.Earth, "#384" for an anonymous entity). */
  short?: boolean;
  title?: string;
  class?: string;
}

/** A link that opens an entity. */
export function EntityLink({ path, children, short, title, class: cls }: EntityLinkProps) {
  const open = useOpenEntity();
  return (
    <a
      class={`ref${cls ? ` ${cls}` : ''}`}
      href={entityHref(path)}
      title={title ?? path}
      onClick={(e) => {
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        open(path);
      }}
    >
      {children ?? (short ? displayName(path) : path)}
    </a>
  );
}

/** Shows an id: "Position", or "(rel, target)" with both parts clickable; wildcards and variables stay text. */
export function IdText({ id, labels }: { id: readonly string[]; labels?: readonly string[] | undefined }) {
  const part = (name: string, i: number) => {
    const label = labels?.[i];
    const plain = name === '*' || name === '_' || name.startsWith('$') || name === '0';
    const shown = label && label !== name && !name.endsWith(`.${label}`) ? <>{name}<span class="dim"> ({label})</span></> : name;
    return plain ? <span>{shown}</span> : <EntityLink path={name}>{shown}</EntityLink>;
  };
  if (id.length < 2) return part(id[0] ?? '?', 0);
  return <span class="pair">({part(id[0]!, 0)}, {part(id[1]!, 1)})</span>;
}
