// The host's life is its launcher's. `npm start` (scripts/start.mjs) starts the host with an IPC
// channel and nothing else on it: when the launcher goes, however it goes (a signal it did not pass
// on, SIGKILL, a crash), the kernel closes the channel and the host hears 'disconnect' at once.
// Chosen over the alternatives: stdin is the terminal's (Ctrl-C and the user's input go there), and
// polling process.ppid notices late and would also end a host a user started in the background on
// purpose. A host started without a channel (from a shell, by a test) lives on its own.

/** Calls `gone` once when the process that launched this one with an IPC channel goes; no-op without a channel. */
export function watchLauncher(gone: () => void): void {
  const channel = (process as { channel?: { unref(): void } }).channel;
  if (channel === undefined) return;
  // The channel must not keep the host alive, nor its messages mean anything: it is a lifeline only.
  channel.unref();
  process.once('disconnect', gone);
}
