// What the page shows when the explorer cannot start (a script that fails to load or throws
// while loading): the error in the page, with a reload button, and on the console — never a
// blank page. Plain DOM, so it works when the app's own code is what failed.

/** Text of an error for a person: the message, and the stack when there is one. */
export function errorDetails(err: unknown): { message: string; stack?: string } {
  if (err instanceof Error) return err.stack ? { message: err.message, stack: err.stack } : { message: err.message };
  return { message: String(err) };
}

/** Replaces the content of `root` with the start-up error and logs it. */
export function showStartupError(root: HTMLElement, err: unknown, what = 'The explorer could not start'): void {
  console.error(`${what}:`, err);
  const { message, stack } = errorDetails(err);
  const doc = root.ownerDocument;
  const box = doc.createElement('div');
  box.className = 'crash';
  box.setAttribute('role', 'alert');
  const h = doc.createElement('h1');
  h.textContent = what;
  const p = doc.createElement('pre');
  p.className = 'crash-message';
  p.textContent = message;
  const hint = doc.createElement('p');
  hint.className = 'crash-hint';
  hint.textContent = 'Reload to try again. If it fails again, the browser console has the details.';
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'primary';
  button.textContent = 'Reload';
  button.addEventListener('click', () => doc.defaultView?.location.reload());
  box.append(h, p, hint, button);
  if (stack) {
    const d = doc.createElement('details');
    const s = doc.createElement('summary');
    s.textContent = 'Details';
    const pre = doc.createElement('pre');
    pre.textContent = stack;
    d.append(s, pre);
    box.append(d);
  }
  root.replaceChildren(box);
}
