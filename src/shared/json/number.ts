// Number text for JSON replies. Storage width and printing are separate decisions: a 32-bit float
// member prints as the shortest decimal that reads back to the same f32 (`5.97`, not the double
// `5.9700000286102295`), integers print plain (never `1e4`), and non-finite values print `null`
// because JSON has no NaN or Infinity.

/** Largest magnitude below which every integer is an exact f32, so `String(v)` is already shortest. */
const F32_EXACT_INT = 2 ** 24;

/** Plain decimal text of `sign` + digits `d1d2…` × 10^(point - digits.length) (no exponent). */
function plainFromDigits(sign: string, digits: string, point: number): string {
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Rewrites a number text that may use exponent notation (`1.5e+20`, `1e-7`) as plain decimal
 * digits (`150000000000000000000`, `0.0000001`), which every JSON reader accepts and which users
 * read without surprise.
 */
export function plainDecimal(text: string): string {
  const e = text.indexOf('e');
  if (e < 0) return text;
  let mantissa = text.slice(0, e);
  const exponent = Number(text.slice(e + 1));
  let sign = '';
  if (mantissa.charCodeAt(0) === 45 /* - */) { sign = '-'; mantissa = mantissa.slice(1); }
  const dot = mantissa.indexOf('.');
  const digits = (dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1)).replace(/0+$/, '');
  if (digits === '') return '0';
  return plainFromDigits(sign, digits, (dot < 0 ? mantissa.length : dot) + exponent);
}

/** Significant digits (no leading zeros) and decimal point position of a toPrecision(9) text. */
function decompose(text: string): { digits: string; point: number } {
  const e = text.indexOf('e');
  const mantissa = e < 0 ? text : text.slice(0, e);
  const exp = e < 0 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  let digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  let point = (dot < 0 ? mantissa.length : dot) + exp;
  let lead = 0;
  while (lead < digits.length - 1 && digits.charCodeAt(lead) === 48) lead++;
  digits = digits.slice(lead);
  point -= lead;
  return { digits, point };
}

/** Adds one unit in the last place of a digit string ("129" -> "130", "99" -> "100"). */
function roundUp(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === 57 /* 9 */) i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1) + '0'.repeat(digits.length - 1 - i);
}

/** True when the decimal digits × 10^(point - len) read back (as f32) to v (v > 0). */
function readsBack(digits: string, point: number, v: number): boolean {
  return Math.fround(Number(`0.${digits}e${point}`)) === v;
}

/** Exact powers of ten (10^0 … 10^22 are exact doubles). */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
/** 10^e for e = -15 … 23 (index e + 15), close enough to tell which decade an f32 is in. */
const DECADES = Array.from({ length: 39 }, (_, i) => 10 ** (i - 15));

/** Result of rounding to n digits that sits too close to a tie to decide in double arithmetic. */
const TIE = -2;

/**
 * v rounded to n significant digits, as the integer m of m·10^-k (k = n - 1 - e10), when it
 * reads back to the same f32; -1 when it does not; TIE when the double arithmetic cannot decide.
 * With an exact power of ten each product is correctly rounded, so the decision is exact unless
 * the scaled value sits within 1e-6 of a tie.
 */
function roundTo(abs: number, k: number): number {
  const scaled = k >= 0 ? abs * POW10[k]! : abs / POW10[-k]!;
  const floor = Math.floor(scaled), frac = scaled - floor;
  if (frac > 0.499999 && frac < 0.500001) return TIE;
  const m = frac > 0.5 ? floor + 1 : floor;
  return Math.fround(k >= 0 ? m / POW10[k]! : m * POW10[-k]!) === abs ? m : -1;
}

/**
 * The shortest f32 digits by double arithmetic, found by bisection over the digit count (more
 * digits never read back worse than fewer); undefined when the exponent is out of the range of
 * exact powers of ten or a rounding is too close to a tie.
 */
function fastShortest(abs: number): string | undefined {
  let e10 = Math.floor(Math.log10(abs));
  if (e10 < -14 || e10 > 22) return undefined;
  // log10 may be off by one next to a power of ten; an f32 is never that close to one.
  if (abs < DECADES[e10 + 15]!) e10--;
  else if (abs >= DECADES[e10 + 16]!) e10++;
  if (e10 < -14 || e10 > 22) return undefined;
  let lo = 1, hi = 9;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = roundTo(abs, mid - 1 - e10);
    if (m === TIE) return undefined;
    if (m >= 0) hi = mid;
    else lo = mid + 1;
  }
  const k = lo - 1 - e10;
  const m = roundTo(abs, k);
  if (m < 0) return undefined;
  let digits = String(m);
  const point = digits.length - k;
  let end = digits.length;
  while (end > 1 && digits.charCodeAt(end - 1) === 48) end--;
  digits = digits.slice(0, end);
  return plainFromDigits('', digits, point);
}

/**
 * JSON text of a 32-bit float: the shortest decimal that reads back (through Math.fround) to
 * the same f32, in plain notation; `null` for NaN and infinities; `0` for both zeros.
 */
export function formatF32(v: number): string {
  if (v !== v || v === Infinity || v === -Infinity) return 'null';
  if (v === 0) return '0';
  const abs = v < 0 ? -v : v;
  if (abs < F32_EXACT_INT && Math.floor(abs) === abs) return String(v);
  const fast = fastShortest(abs);
  if (fast !== undefined) return v < 0 ? `-${fast}` : fast;
  // Nine significant digits always read back to the same f32. Shorter candidates are roundings of
  // those digits; fewer digits never read back when more do not, so we shorten until one fails.
  const { digits: nine, point: p9 } = decompose(abs.toPrecision(9));
  let best = nine.replace(/0+$/, '');
  let bestPoint = p9;
  for (let n = best.length - 1; n >= 1; n--) {
    let cand: string, point = p9;
    const next = nine.charCodeAt(n);
    const tie = next === 53 /* 5 */ && /^50*$/.test(nine.slice(n));
    if (tie) {
      // A tie in the nine digits may not be one in the exact value: round the value itself.
      ({ digits: cand, point } = decompose(abs.toPrecision(n)));
    } else if (next >= 53) {
      cand = roundUp(nine.slice(0, n));
      if (cand.length > n) point++;
    } else {
      cand = nine.slice(0, n);
    }
    cand = cand.replace(/0+$/, '') || '0';
    if (!readsBack(cand, point, abs)) break;
    best = cand;
    bestPoint = point;
    n = Math.min(n, cand.length);
  }
  return plainFromDigits(v < 0 ? '-' : '', best, bestPoint);
}

/** JSON text of a 64-bit float: the shortest round-trip decimal, plain notation, `null` if not finite. */
export function formatF64(v: number): string {
  if (v !== v || v === Infinity || v === -Infinity) return 'null';
  if (v === 0) return '0';
  return plainDecimal(String(v));
}

/** JSON text of an integer member or id (plain digits; `null` if it is not a finite number). */
export function formatInt(v: number): string {
  if (v !== v || v === Infinity || v === -Infinity) return 'null';
  return Number.isSafeInteger(v) ? String(v) : plainDecimal(String(v));
}
