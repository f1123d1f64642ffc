// The explorer keeps the host's viewport on the frame it shows: one request at a time, the latest
// wish sent next (a drag asks for many frames; requests must not overtake each other).
import { describe, expect, it } from 'vitest';
import { ViewportCursor } from '../../../../../src/renderer/explorer/timeline/viewport-cursor';

/** A client whose requests finish when the test says so. */
function slowClient() {
  const sent: string[] = [];
  const pending: (() => void)[] = [];
  let fail = false;
  return {
    sent, pending,
    failNext: () => { fail = true; },
    command: (method: 'PUT' | 'DELETE', url: string) => new Promise<unknown>((resolve, reject) => {
      sent.push(`${method} ${url}`);
      const f = fail;
      fail = false;
      pending.push(() => (f ? reject(new Error('404')) : resolve({})));
    }),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('ViewportCursor', () => {
  it('sends the first wish at once and, of the wishes made meanwhile, only the latest', async () => {
    const c = slowClient();
    const cursor = new ViewportCursor(c);
    void cursor.want(40);
    void cursor.want(38);
    void cursor.want(35);
    expect(c.sent).toEqual(['PUT /history/view?frame=40']);
    c.pending.shift()!();
    await settle();
    expect(c.sent).toEqual(['PUT /history/view?frame=40', 'PUT /history/view?frame=35']);
    void cursor.want(undefined);
    c.pending.shift()!();
    await settle();
    expect(c.sent.at(-1)).toBe('DELETE /history/view');
    c.pending.shift()!();
    await settle();
    // Nothing new wished: nothing more sent.
    void cursor.want(undefined);
    await settle();
    expect(c.sent).toHaveLength(3);
  });

  it('a refused request does not stop the next one', async () => {
    const c = slowClient();
    const cursor = new ViewportCursor(c);
    c.failNext();
    void cursor.want(7);
    void cursor.want(9);
    c.pending.shift()!();
    await settle();
    expect(c.sent).toEqual(['PUT /history/view?frame=7', 'PUT /history/view?frame=9']);
    c.pending.shift()!();
  });

  it('a page that starts live tells the host so (a cursor left by an earlier page is cleared)', async () => {
    const c = slowClient();
    void new ViewportCursor(c).want(undefined);
    expect(c.sent).toEqual(['DELETE /history/view']);
  });
});
