// Frame-interval figures of the host under test.
import { percentile } from '../lib/report';

/** The frame-time budget under load: 1.5 frame periods (25 ms at 60 fps). */
export function frameBudgetMs(periodMs: number): number {
  return 1.5 * periodMs;
}

/** p99 of frame intervals in milliseconds; throws when there are too few frames to say anything. */
export function frameP99(intervals: readonly number[]): number {
  if (intervals.length < 10) throw new Error(`only ${intervals.length} frame intervals were recorded under load; the host's loop may have stalled`);
  return percentile(intervals, 99);
}
