// The inspected entity's relationships as links: its parent, what it is a kind of (IsA), and its
// other pairs grouped by relationship ("TravellingTo → Sun.Earth").
import { Fragment } from 'preact';
import { parentPath } from '../client';
import { EntityLink, shortName } from '../ui';
import type { EntityView } from './entity-view';

/** Relationship name -> targets, in the order the entity has them. */
export function pairTargets(view: Pick<EntityView, 'components' | 'tags'>): [string, string[]][] {
  const by = new Map<string, string[]>();
  for (const e of [...view.components, ...view.tags]) {
    if (e.id.length !== 2) continue;
    const [rel, target] = e.id as [string, string];
    const list = by.get(rel);
    if (list) list.push(target);
    else by.set(rel, [target]);
  }
  return [...by];
}

/** The relationships section (nothing when the entity has none). */
export function RelationsView({ view }: { view: EntityView }) {
  const parent = parentPath(view.path);
  const pairs = pairTargets(view);
  if (!parent && !view.bases.length && !pairs.length) return null;
  const target = (t: string) => (t === '*' || t === '_' || t === '0' ? <span>{t}</span> : <EntityLink key={t} path={t} />);
  return (
    <section class="section">
      <h4>Relationships</h4>
      <dl class="relations" aria-label="Relationships">
        {parent ? <><dt>parent</dt><dd><EntityLink path={parent} /></dd></> : null}
        {view.bases.length ? <><dt>is a</dt><dd>{view.bases.map((b) => <EntityLink key={b.path} path={b.path} />)}</dd></> : null}
        {pairs.map(([rel, targets]) => (
          <Fragment key={rel}>
            <dt><EntityLink path={rel} title={rel}>{shortName(rel)}</EntityLink></dt>
            <dd>{targets.map(target)}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
