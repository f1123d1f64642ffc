// "Build" in the inspector: create a child or a root entity, add a component (at its reflected
// defaults or with a value), tag or pair with names completed from the world's components and
// tags, remove any own id, rename — each one REST request (build-steps.ts) — and undo the last
// ones, each with the request that restores the state before. With nothing selected only the
// root entity can be created (and undone).
import { useMemo, useState } from 'preact/hooks';
import { ALL_ENTITIES_QUERY, errorText, treeLevelUrl, type QueryReply, type RestClient } from '../client';
import { useQueryNames } from '../query';
import { SEARCH_LIMIT, treeItems } from '../tree';
import { IdText, useClient, useRest } from '../ui';
import { addSuggestions, openPair } from './build-names';
import { addStep, createStep, idParam, removeStep, renameStep, type BuildRequest, type BuildStep } from './build-steps';
import { idKey, type EntityView } from './entity-view';

/** Props of BuildView. */
export interface BuildViewProps {
  /** The selected entity (undefined: none, only "create at root" is offered). */
  path?: string;
  view?: EntityView;
  /** Done steps, last one last (kept by the panel across selections). */
  undoStack: readonly BuildStep[];
  setUndoStack(next: readonly BuildStep[]): void;
  /** Shows the entity at a path (after a create or rename). */
  onOpen(path: string): void;
  /** Clears the selection (after undoing a root create made with nothing selected). */
  onClose(): void;
}

function send(client: RestClient, r: BuildRequest): Promise<unknown> {
  return client.write(r.method, r.url);
}

/** The build section of the inspector. */
export function BuildView({ path, view, undoStack, setUndoStack, onOpen, onClose }: BuildViewProps) {
  const client = useClient();
  const names = useQueryNames();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [add, setAdd] = useState('');
  const [value, setValue] = useState('');
  const [child, setChild] = useState('');
  const [root, setRoot] = useState('');
  const [rename, setRename] = useState('');
  // Pair targets: the named entities, read (as the tree search reads them) only while a pair is typed.
  const pairOpen = openPair(add) !== undefined;
  const all = useRest<QueryReply>(pairOpen ? treeLevelUrl(ALL_ENTITIES_QUERY, SEARCH_LIMIT) : null, { keep: true });
  const entities = useMemo(() => (all.data ? treeItems(all.data).filter((i) => typeof i.name === 'string' && !i.builtin).map((i) => i.path) : []), [all.data]);
  const suggestions = useMemo(
    () => addSuggestions(add, names.filter((n) => n.kind !== 'query').map((n) => n.path), entities), [add, names, entities]);
  const own = view ? [...view.components, ...view.tags].filter((e) => !(e.id.length === 1 && e.id[0] === 'ecs.core.Disabled')) : [];
  // Where to go after a step: another entity, or none ('').
  const show = (to: string | undefined) => {
    if (to === undefined || to === path) return;
    if (to) onOpen(to);
    else onClose();
  };

  const run = async (step: BuildStep, then?: () => void) => {
    setBusy(true);
    setError(undefined);
    try {
      await send(client, step.request);
      setUndoStack([...undoStack, step]);
      then?.();
      show(step.after);
    } catch (err) {
      setError(`${step.label} failed: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };

  const undo = async () => {
    const step = undoStack[undoStack.length - 1];
    if (!step) return;
    setBusy(true);
    setError(undefined);
    try {
      await send(client, step.undo);
      setUndoStack(undoStack.slice(0, -1));
      show(step.afterUndo);
    } catch (err) {
      setError(`undo ${step.label} failed: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };

  const last = undoStack[undoStack.length - 1];
  const addText = add.trim().replace(/\s*,\s*/g, ',');
  const valueText = value.trim();
  const submitAdd = () => {
    if (!path || !addText) return;
    // Owned already: the undo puts back the value it had, not a removal.
    const had = own.find((e) => idParam(e.id) === addText);
    void run(addStep(path, addText, valueText || undefined, had ? { value: had.value } : undefined), () => { setAdd(''); setValue(''); });
  };
  return (
    <section class="section build" aria-label="Build">
      <h4>Build</h4>
      {path ? (
        <>
          <form class="build-row" onSubmit={(e) => { e.preventDefault(); submitAdd(); }}>
            <input
              aria-label="Component, tag or pair to add" placeholder="Position, a tag, or (Rel,Target)" list="build-names"
              value={add} onInput={(e) => setAdd((e.currentTarget as HTMLInputElement).value)}
            />
            <input
              aria-label="Value as JSON (optional)" placeholder='value, e.g. {"x":1}' class="build-value"
              value={value} onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
            />
            <datalist id="build-names">{suggestions.map((s) => <option key={s} value={s} />)}</datalist>
            <button type="submit" disabled={busy || !addText}>Add</button>
          </form>
          <form class="build-row" onSubmit={(e) => { e.preventDefault(); if (child.trim()) void run(createStep(path, child.trim()), () => setChild('')); }}>
            <input aria-label="Name of a new child" placeholder="new child's name" value={child} onInput={(e) => setChild((e.currentTarget as HTMLInputElement).value)} />
            <button type="submit" disabled={busy || !child.trim()}>Create child</button>
          </form>
        </>
      ) : null}
      <form class="build-row" onSubmit={(e) => { e.preventDefault(); if (root.trim()) void run(createStep(undefined, root.trim(), path ?? ''), () => setRoot('')); }}>
        <input aria-label="Name of a new root entity" placeholder="new root entity's name" value={root} onInput={(e) => setRoot((e.currentTarget as HTMLInputElement).value)} />
        <button type="submit" disabled={busy || !root.trim()}>Create at root</button>
      </form>
      {path ? (
        <form class="build-row" onSubmit={(e) => { e.preventDefault(); if (rename.trim()) void run(renameStep(path, rename.trim()), () => setRename('')); }}>
          <input aria-label="New name" placeholder="new name" value={rename} onInput={(e) => setRename((e.currentTarget as HTMLInputElement).value)} />
          <button type="submit" disabled={busy || !rename.trim()}>Rename</button>
        </form>
      ) : null}
      {path && own.length ? (
        <ul class="build-own" aria-label="Own ids">
          {own.map((e) => (
            <li key={idKey(e.id)}>
              <IdText id={e.id} labels={e.label} />
              <button
                type="button" class="small" disabled={busy} title={`Remove ${idParam(e.id)} (undoable)`} aria-label={`Remove ${idParam(e.id)}`}
                onClick={() => void run(removeStep(path, idParam(e.id), e.value))}
              >✕</button>
            </li>
          ))}
        </ul>
      ) : null}
      <div class="build-row">
        <button type="button" disabled={busy || !last} onClick={() => void undo()} title={last ? `Undo: ${last.label}` : 'Nothing to undo'}>
          {last ? `Undo ${last.label}` : 'Undo'}
        </button>
      </div>
      {error ? <div class="field-error" role="alert">{error}</div> : null}
    </section>
  );
}
