/** The app title from a command line (args[0] = program): `--title <text>` or the program's base name. */
export function titleFromArgs(args: readonly string[]): string {
  const i = args.indexOf('--title');
  if (i >= 0 && args[i + 1] !== undefined) return args[i + 1]!;
  const eq = args.find((a) => a.startsWith('--title='));
  if (eq) return eq.slice('--title='.length);
  const program = args[0] ?? 'app';
  const base = program.split(/[\\/]/).pop() || program;
  return base.replace(/\.(c|m)?[jt]s$/, '') || 'app';
}
