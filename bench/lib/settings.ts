// Benchmark settings read from the environment (SOAK_SECONDS=300 npm run bench -- soak): one
// parser, so that every suite refuses a bad value with the same clear message.

/** A whole number of at least 1 from the environment variable `name`, or `fallback` when unset. */
export function wholeNumberSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got '${raw}'`);
  return n;
}
