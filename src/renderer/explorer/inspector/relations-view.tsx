// The inspected entity's relationships as links: its parent, what it is a kind of (IsA), and its
// other pairs grouped by relationship ("TravellingTo → Sun.Earth"), and the entities whose pairs
// point at it ("TravellingTo ← Ship2, Ship10").
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
  const incoming = view.referencedBy;
  if (!parent && !view.bases.length && !pairs.length && !incoming.length) return null;
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
      {incoming.length ? (
        <>
          <h4>Referenced by</h4>
          <dl class="relations" aria-label="Referenced by">
            {incoming.map(([rel, from]) => (
              <Fragment key={rel}>
                <dt><EntityLink path={rel} title={`entities with (${rel}, ${view.path})`}>{shortName(rel)}</EntityLink></dt>
                <dd>{from.map((p) => <EntityLink key={p} path={p} />)}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}
