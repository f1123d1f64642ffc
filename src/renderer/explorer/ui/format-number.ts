// Numbers as a person reads them: about four significant digits (never an exponent for
// everyday magnitudes), integers whole. The full value stays available (field focus, tooltips).

/** Significant digits shown for a fractional number. */
export const SHOWN_DIGITS = 4;

/** A number with about SHOWN_DIGITS significant digits: 12.048251 -> "12.05", 0.18111232 -> "0.1811", 135411 -> "135411". */
export function formatReadable(v: number, digits = SHOWN_DIGITS): string {
  if (!Number.isFinite(v)) return String(v);
  if (Number.isInteger(v)) return String(v);
  const a = Math.abs(v);
  if (a >= 1e15 || a < 1e-6) return trimZeros(v.toExponential(digits - 1));
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(a)));
  const s = trimZeros(v.toFixed(Math.min(decimals, 20)));
  return s === '-0' ? '0' : s;
}

/** "1.2300" -> "1.23", "2.000e+3" -> "2e+3", "10" stays. */
function trimZeros(s: string): string {
  const e = s.indexOf('e');
  const mantissa = e < 0 ? s : s.slice(0, e);
  const exp = e < 0 ? '' : s.slice(e);
  const m = mantissa.includes('.') ? mantissa.replace(/\.?0+$/, '') : mantissa;
  return m + exp;
}

/** True when formatReadable shows less than the full value. */
export function isRounded(v: number): boolean {
  return formatReadable(v) !== String(v);
}
