// Where the timeline's marks go: frames with outside writes and frames where alerts rose, as
// fractions of the recorded range (GET /history), merged when they would draw on the same pixel.
/** GET /history, as the timeline reads it. */
export interface HistoryReply {
  first: number;
  last: number;
  frame: number;
  keyframes: number[];
  writes: [number, number][];
  alerts: [number, number][];
}

/** A mark on the timeline: its position (0 to 1), the frame, its kind and a tooltip. */
export interface Mark {
  readonly at: number;
  readonly frame: number;
  readonly kind: 'write' | 'alert';
  readonly title: string;
}

/** The marks of a history reply, at most one per kind per `1 / slots` of the range. */
export function historyMarks(h: HistoryReply, slots = 400): Mark[] {
  const span = Math.max(1, h.last - h.first);
  const out: Mark[] = [];
  const place = (frames: [number, number][], kind: Mark['kind'], title: (f: number, n: number) => string) => {
    let lastSlot = -1;
    for (const [f, n] of frames) {
      if (f < h.first || f > h.last) continue;
      const slot = Math.floor(((f - h.first) / span) * slots);
      if (slot === lastSlot) continue;
      lastSlot = slot;
      out.push({ at: (f - h.first) / span, frame: f, kind, title: title(f, n) });
    }
  };
  place(h.writes, 'write', (f, n) => `frame ${f}: ${n} outside write${n === 1 ? '' : 's'}`);
  place(h.alerts, 'alert', (f, n) => `frame ${f}: alerts rose to ${n}`);
  return out;
}
