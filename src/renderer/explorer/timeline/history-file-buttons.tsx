// The timeline's export and import: export downloads the recording up to the frame shown
// (GET /history/export?to=N, a gzip file); import picks a file and PUTs it to /history/import, which
// opens it in the host (the world at its first frame, paused). A refused file's reason goes to the
// timeline's error line. Both speak HTTP: the desktop app's in-process bridge carries no files.
import { useRef, useState } from 'preact/hooks';
import { HISTORY_FILE_STEM } from '../../../shared/protocol/constants';
import { useClient } from '../ui';

/** Props of HistoryFileButtons. */
export interface HistoryFileButtonsProps {
  /** The frame the timeline shows: the file holds the recording up to it. */
  shown: number;
  /** The first recorded frame (for the file's name). */
  first: number;
  /** Reports a failure (a message), or clears it (undefined). */
  onError(message: string | undefined): void;
  /** A file was opened: the panels show the live world (its first frame). */
  onOpened(): void;
}

/** The message of a refused import: the host's `{"error": …}`, else the status. */
async function refusal(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof error === 'string') return `import refused: ${error}`;
  } catch {
    // Not JSON: the status says enough.
  }
  return `import refused: HTTP ${res.status}`;
}

/** Export and import buttons of the timeline (shown only over HTTP). */
export function HistoryFileButtons({ shown, first, onError, onOpened }: HistoryFileButtonsProps) {
  const client = useClient();
  const input = useRef<HTMLInputElement>(null);
  // The file being opened: the host reads it and tries every frame before it answers (seconds for a full window).
  const [opening, setOpening] = useState<string | undefined>();
  if (client.transport.kind !== 'http') return null;
  const base = client.transport.base;
  const open = async (file: File) => {
    onError(undefined);
    setOpening(file.name);
    try {
      const res = await fetch(`${base}/history/import`, { method: 'PUT', body: file, cache: 'no-store' });
      if (!res.ok) { onError(await refusal(res)); return; }
      client.invalidate();
      onOpened();
    } catch (err) {
      onError(`import failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setOpening(undefined);
    }
  };
  return (
    <>
      <a class="button" role="button" data-testid="history-export" href={`${base}/history/export?to=${shown}`} download={`${HISTORY_FILE_STEM}-${first}-${shown}.gz`}
        title="Download the recording up to the frame shown, as a file another host can open (import, or npm start -- --replay)">export</a>
      <button type="button" onClick={() => input.current?.click()} disabled={opening !== undefined} title="Open a history file in the host: the world becomes its first frame, paused">import</button>
      {opening !== undefined ? <span class="dim" data-testid="history-opening">opening {opening}: the host checks every frame…</span> : null}
      <input ref={input} type="file" accept=".gz,application/gzip" hidden data-testid="history-import-file"
        onChange={(e) => { const el = e.target as HTMLInputElement; const f = el.files?.[0]; el.value = ''; if (f) void open(f); }} />
    </>
  );
}
