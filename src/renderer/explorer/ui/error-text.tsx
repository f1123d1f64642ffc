// Errors as the user sees them: a request's error in full, or, while older data is still shown,
// a quiet note that it is not current.

/** An error as the user sees it: the message in full (server text kept, newlines and carets intact). */
export function ErrorText({ error, prefix }: { error: { message: string; status?: number } | string; prefix?: string }) {
  const message = typeof error === 'string' ? error : error.message;
  const status = typeof error === 'string' ? undefined : error.status;
  return (
    <div class="error-text" role="alert">
      {prefix ? <span class="error-prefix">{prefix} </span> : null}
      {status ? <span class="error-status">{status}</span> : null}
      <pre>{message}</pre>
    </div>
  );
}

/**
 * The error of a polled request: in full, except a lost connection while older data is still
 * shown — the title bar already says the app is unreachable, so the panel only marks its data as
 * not current.
 */
export function RequestError({ error, hasData, prefix }: { error: { message: string; status?: number; kind?: string } | undefined; hasData: boolean; prefix?: string }) {
  if (!error) return null;
  if (error.kind === 'network' && hasData) {
    return <div class="stale-note" title={error.message}>offline · showing the last values received</div>;
  }
  return <ErrorText error={error} prefix={prefix} />;
}
