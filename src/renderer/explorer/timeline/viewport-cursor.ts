// Keeps the host's viewport on the frame the explorer shows: PUT /history/view?frame=N while the
// timeline is scrubbed back, DELETE /history/view when it shows the live world again (and when the
// page goes). Dragging the slider asks for many frames quickly: one request is in flight at a
// time and only the latest wish is sent next, so requests cannot overtake each other.
import { useEffect, useMemo } from 'preact/hooks';
import type { RestClient } from '../client';
import { useClient } from '../ui';

/** The host's viewport cursor as this page last set it: a frame, undefined for live, null before the first request. */
type Cursor = number | undefined | null;

/** Sends the latest wanted frame, one request at a time. */
export class ViewportCursor {
  private sent: Cursor = null;
  private wanted: Cursor = null;
  private busy = false;

  constructor(private readonly client: Pick<RestClient, 'command'>) {}

  /** The viewport should draw `frame` (undefined: the live world). */
  want(frame: number | undefined): Promise<void> {
    this.wanted = frame;
    return this.pump();
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.wanted !== this.sent) {
        const frame = this.wanted;
        try {
          await this.client.command(frame === undefined ? 'DELETE' : 'PUT', frame === undefined ? '/history/view' : `/history/view?frame=${frame}`);
        } catch {
          // The viewport then keeps what it shows (a frame that just left the window, a host gone):
          // the explorer's own reads of that frame say what is wrong.
        }
        this.sent = frame;
      }
    } finally {
      this.busy = false;
    }
  }
}

/** Sets the viewport's frame to `frame` whenever it changes, while the host keeps history (`enabled`). */
export function useViewportCursor(frame: number | undefined, enabled: boolean): void {
  const client = useClient();
  const cursor = useMemo(() => new ViewportCursor(client), [client]);
  useEffect(() => {
    if (enabled) void cursor.want(frame);
  }, [cursor, frame, enabled]);
  useEffect(() => () => { if (enabled) void cursor.want(undefined); }, [cursor, enabled]);
}
