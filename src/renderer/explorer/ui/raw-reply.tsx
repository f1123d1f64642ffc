// "Show the raw reply": the JSON a panel was built from, its request's options as toggles (each
// toggle sends the request again with that option switched), and the same request as a curl
// command to copy. Opened from a button in the panel's header.
import { useEffect, useState } from 'preact/hooks';
import { CONTRACT_MOUNT } from '../../../shared/protocol/constants';
import type { RawReply } from '../client';
import { useClient } from './contexts';
import { booleanOptions, curlCommand, withOption } from './raw-request';
import { DEFAULT_PORT } from '../../../shared/protocol/constants';

/** Where a curl user reaches the app when the explorer runs inside the desktop app (its REST port). */
const LOCAL_BASE = `http://127.0.0.1:${DEFAULT_PORT}`;

/** Pretty-prints a reply body; a body that is not JSON stays as it came. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The dialog with the raw reply of `url`. */
function RawReplyDialog({ url: initial, onClose }: { url: string; onClose(): void }) {
  const client = useClient();
  const [url, setUrl] = useState(initial);
  const [reply, setReply] = useState<RawReply | { error: string } | undefined>();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let alive = true;
    setReply(undefined);
    client.transport.request('GET', url).then(
      (r) => { if (alive) setReply(r); },
      (e: unknown) => { if (alive) setReply({ error: e instanceof Error ? e.message : String(e) }); },
    );
    return () => { alive = false; };
  }, [url, client]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') { e.stopPropagation(); onClose(); } };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  // The transport's base carries the contract mount, so the command works on a host of any dialect.
  const base = client.transport.kind === 'http' ? client.transport.base : LOCAL_BASE + client.transport.base;
  const curl = curlCommand(base, url);
  const copy = () => {
    void navigator.clipboard?.writeText(curl).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <div class="modal-backdrop" onClick={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div class="modal raw-reply" role="dialog" aria-modal="true" aria-label="Raw reply">
        <h3>Raw reply</h3>
        <div class="raw-request mono" data-testid="raw-request">GET {CONTRACT_MOUNT}{url}</div>
        <div class="raw-options" role="group" aria-label="Request options">
          {booleanOptions(url).map((o) => (
            <label key={o.name} class="toggle">
              <input type="checkbox" checked={o.on} onChange={(e) => setUrl(withOption(url, o.name, (e.currentTarget as HTMLInputElement).checked))} />
              {o.name}
            </label>
          ))}
        </div>
        <div class="raw-curl">
          <code data-testid="raw-curl">{curl}</code>
          <button type="button" class="small" onClick={copy}>{copied ? 'copied' : 'copy as curl'}</button>
        </div>
        <div class="raw-status dim">{reply === undefined ? 'loading…' : 'error' in reply ? reply.error : `status ${reply.status}`}</div>
        <pre class="raw-body" data-testid="raw-body">{reply && !('error' in reply) ? pretty(reply.body) : ''}</pre>
        <div class="modal-actions"><button type="button" onClick={onClose}>Close</button></div>
      </div>
    </div>
  );
}

/** The header button that opens the raw reply of `url` (nothing when there is no request). */
export function RawReplyButton({ url }: { url: string | null | undefined }) {
  const [open, setOpen] = useState(false);
  if (!url) return null;
  return (
    <>
      <button type="button" class="small raw-button" title="Show the raw JSON reply this panel is built from" aria-label="Show the raw reply" onClick={() => setOpen(true)}>{'{}'}</button>
      {open ? <RawReplyDialog url={url} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
