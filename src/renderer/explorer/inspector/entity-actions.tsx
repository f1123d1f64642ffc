// Enable / Disable / Delete for the inspected entity, following the contract's state table:
// Disable while enabled, Enable while disabled; Delete asks first and then clears the selection.
import { useState } from 'preact/hooks';
import { entityActionUrl, errorText } from '../client';
import { ConfirmDialog, useClient } from '../ui';

/** Props of EntityActions. */
export interface EntityActionsProps {
  path: string;
  disabled: boolean;
  /** Called after a successful delete. */
  onDeleted(): void;
}

/** The state buttons of an entity, with the server's error shown when one is refused. */
export function EntityActions({ path, disabled, onDeleted }: EntityActionsProps) {
  const client = useClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const run = async (action: 'enable' | 'disable' | 'delete') => {
    setBusy(true);
    setError(undefined);
    try {
      await client.put(entityActionUrl(action, path));
      if (action === 'delete') onDeleted();
    } catch (err) {
      setError(`${action} failed: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="entity-actions">
      <div class="buttons">
        {disabled
          ? <button type="button" disabled={busy} onClick={() => void run('enable')}>Enable</button>
          : <button type="button" disabled={busy} onClick={() => void run('disable')}>Disable</button>}
        <button type="button" class="danger" disabled={busy} onClick={() => setConfirming(true)}>Delete</button>
      </div>
      {error ? <div class="field-error" role="alert">{error}</div> : null}
      {confirming ? (
        <ConfirmDialog
          title="Delete entity"
          confirmLabel="Delete"
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={() => { setConfirming(false); void run('delete'); }}
        >
          Delete <code>{path}</code> and all its children? This cannot be undone.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
