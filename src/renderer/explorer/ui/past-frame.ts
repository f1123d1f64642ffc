// The frame the explorer shows: undefined for the live world, or a recorded frame the timeline was
// scrubbed to. Reads of /entity and /query then ask for that frame (`at=`), do not follow watches
// and do not poll: the past does not change.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The shown frame and its setter (the app provides them). */
export interface PastFrame {
  readonly frame: number | undefined;
  set(frame: number | undefined): void;
}

/** The page's shown frame (live by default). */
export const PastFrameContext = createContext<PastFrame>({ frame: undefined, set: () => undefined });

/** The shown frame and its setter. */
export function usePastFrame(): PastFrame {
  return useContext(PastFrameContext);
}

/** `url` as of `frame`: GET /entity and /query get `at=<frame>`; other URLs (and live) are unchanged. */
export function atFrame(url: string, frame: number | undefined): string {
  if (frame === undefined || !/^\/(entity|query)(\/|\?|$)/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}at=${frame}`;
}
