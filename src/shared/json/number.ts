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

/** Largest k for which abs·10^k is exact for every f32: its 24-bit mantissa times 5^k stays below 2^53. */
const EXACT_SCALE = 12;
const TWO_53 = 2 ** 53;

/**
 * v rounded to n significant digits, as the integer m of m·10^-k (k = n - 1 - e10), when it
 * reads back to the same f32; -1 when it does not; TIE when the double arithmetic cannot decide.
 * A tie rounds up, as toPrecision does. For k from 0 to 12 the product abs·10^k is exact, and for
 * a whole abs below 2^53 so is the remainder of abs / 10^-k, so the decision is exact; otherwise
 * each operation is correctly rounded and only a value within 1e-6 of a tie is left undecided.
 */
function roundTo(abs: number, k: number): number {
  let m: number;
  if (k >= 0) {
    const scaled = abs * POW10[k]!;
    const floor = Math.floor(scaled), frac = scaled - floor;
    if (k > EXACT_SCALE && frac > 0.499999 && frac < 0.500001) return TIE;
    m = frac >= 0.5 ? floor + 1 : floor;
  } else {
    const p = POW10[-k]!;
    if (abs < TWO_53) {
      const r = abs % p;
      m = (abs - r) / p + (r >= p / 2 ? 1 : 0);
    } else {
      const scaled = abs / p;
      const floor = Math.floor(scaled), frac = scaled - floor;
      if (frac > 0.499999 && frac < 0.500001) return TIE;
      m = frac > 0.5 ? floor + 1 : floor;
    }
  }
  return Math.fround(k >= 0 ? m / POW10[k]! : m * POW10[-k]!) === abs ? m : -1;
}

/** Enough zeros to pad any f32 in plain notation (the largest is about 3.4·10^38). */
const ZEROS = '0'.repeat(48);

/**
 * The shortest f32 digits by double arithmetic, in plain notation; undefined when the exponent is
 * out of the range of exact powers of ten or a rounding is too close to a tie to decide. Nine
 * significant digits always read back; fewer are tried while they still do. That finds the
 * shortest: if abs rounded to n digits reads back, so does abs rounded to n + 1 digits (it is at
 * least as close to abs).
 */
function fastShortest(abs: number): string | undefined {
  let e10 = Math.floor(Math.log10(abs));
  if (e10 < -14 || e10 > 22) return undefined;
  // log10 may be off by one next to a power of ten; an f32 is never that close to one.
  if (abs < DECADES[e10 + 15]!) e10--;
  else if (abs >= DECADES[e10 + 16]!) e10++;
  if (e10 < -14 || e10 > 22) return undefined;
  let k = 8 - e10;
  let m = roundTo(abs, k);
  if (m < 0) return undefined;
  while (k > -e10) {
    const shorter = roundTo(abs, k - 1);
    if (shorter === TIE) return undefined;
    if (shorter < 0) break;
    m = shorter;
    k--;
  }
  // m·10^-k with m < 10^9: drop trailing zeros, then place the point.
  while (k > 0 && m % 10 === 0) { m /= 10; k--; }
  const digits = String(m);
  if (k <= 0) return k === 0 ? digits : digits + ZEROS.slice(0, -k);
  const point = digits.length - k;
  if (point > 0) return `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `0.${ZEROS.slice(0, -point)}${digits}`;
}

const F32_VIEW = new Float32Array(1);
const F32_BITS = new Uint32Array(F32_VIEW.buffer);

/** The digits of a shortest f32, as the integer `m` (no trailing zeros) and the exponent `x` of m·10^x. */
export interface F32Digits {
  m: number;
  x: number;
}

/** Smallest and largest decimal exponent shortestF32Digits handles (1e-4 <= abs < 1e9). */
const MIN_E10 = -4, MAX_E10 = 8;

/**
 * Per biased f32 exponent b (normal numbers: abs = M·2^(b-150) with the 24-bit mantissa M),
 * four numbers: the M from which abs reaches the next decade up, and the unit U = 2^(b-150)·10^k
 * that scales M to nine integer digits (S = M·U, k = 8 - e10) below and from that M (NaN where
 * that decade is out of range), then k below it. Table reads instead of a logarithm, two decade
 * compares and a product per number.
 */
const SCALES = (() => {
  const t = new Float64Array(256 * 4).fill(NaN);
  for (let b = 1; b < 255; b++) {
    const low = 2 ** (b - 127);                         // abs is in [low, 2·low)
    let e10 = Math.floor(Math.log10(low));
    if (10 ** e10 > low) e10--;
    else if (10 ** (e10 + 1) <= low) e10++;
    const ulp = 2 ** (b - 150);
    t[b * 4] = 10 ** (e10 + 1) / ulp;                   // never a whole number: M < it decides exactly
    if (e10 >= MIN_E10 && e10 <= MAX_E10) t[b * 4 + 1] = ulp * 10 ** (8 - e10);
    if (e10 + 1 >= MIN_E10 && e10 + 1 <= MAX_E10) t[b * 4 + 2] = ulp * 10 ** (7 - e10);
    t[b * 4 + 3] = 8 - e10;
  }
  return t;
})();

/**
 * The shortest f32 digits for 1e-4 <= abs < 1e9 (where simulations live), in exact double
 * arithmetic on the 24-bit mantissa M of abs = M·2^E: with k = 8 - e10, the value scaled to nine
 * integer digits, S = M·2^E·10^k, and the bounds of the interval that reads back to the same f32,
 * L and H (halfway to the neighbouring f32s), are multiples of 2^(E+k-2) below 2^53 (M·5^k < 2^52
 * for k <= 12), so every product and comparison below is exact. For j = 1, 2,
 * …, S rounded to a multiple of 10^j (ties up, as toPrecision) is kept while it lies in the
 * interval (a bound itself only when M is even: fround breaks ties to even). Writes m·10^x (m below
 * 10^9, so a small integer) into `out` and returns true; false outside that range.
 * Takes the f32's bits (sign cleared), not the number: a small integer passes between functions
 * as it is, where a fractional number is boxed into a heap object on every call that V8 does not
 * inline. Its tables reach it as a closure's captured values, not module constants: V8 then
 * compiles their reads without reloading and checking each table on every use (measured: 28
 * fewer instructions per number).
 */
export const shortestF32Digits: (bits: number, out: F32Digits) => boolean = ((scales: Float64Array) => function shortest(bits: number, out: F32Digits): boolean {
  const at = (bits >>> 23) << 2;
  const mant = bits & 0x7fffff, big = mant | 0x800000;
  // k is read as an int32 (`| 0`): a number taken from a Float64Array is a double, and a double
  // reaching `out.x` (and from there the writer's position) would make V8 keep those fields as
  // boxed doubles for every object of their shape.
  let unit: number, k: number;
  if (big < scales[at]!) { unit = scales[at + 1]!; k = scales[at + 3]! | 0; }
  else { unit = scales[at + 2]!; k = (scales[at + 3]! | 0) - 1; }
  if (!(unit > 0)) return false; // NaN: out of range, zero or subnormal
  const s = big * unit;
  const hi = s + unit / 2;
  // Below a power of two the next f32 down is half as far.
  const lo = s - (mant === 0 ? unit / 4 : unit / 2);
  const even = (mant & 1) === 0;
  // Nine digits: S rounded to an integer always reads back. S < 10^9 < 2^31, so its whole part
  // is an int32, and for j >= 1 rounding S to a multiple p = 10^j needs only that whole part:
  // S mod p = (whole mod p) + (a fraction below 1), and p/2 is a whole number, so the remainder
  // reaches p/2 exactly when the whole part's does. Each step divides by the constant 10 (a
  // multiply and a shift), where dividing by a p read from a table is a hardware division.
  const whole = s | 0;
  let m = s - whole >= 0.5 ? whole + 1 : whole;
  let t = whole, p = 1, j = 0;
  while (j < 8) {
    const tn = (t / 10) | 0;            // whole / 10^(j+1), rounded down
    const pn = p * 10;
    const q = (whole - tn * pn) * 2 >= pn ? tn + 1 : tn;
    const c = q * pn;
    if (!(c > lo && c < hi) && !(even && (c === lo || c === hi))) break;
    m = q;
    t = tn;
    p = pn;
    j++;
  }
  // Drop trailing zeros (m <= 10^9: int32 division by 10, a multiply and a shift).
  let x = j - k, mi = m;
  for (;;) {
    const q = (mi / 10) | 0;
    if (mi - q * 10 !== 0) break;
    mi = q;
    x++;
  }
  out.m = mi;
  out.x = x;
  return true;
})(SCALES);

const DIGITS: F32Digits = { m: 0, x: 0 };

/** exactShortest's text: shortestF32Digits placed around the decimal point; undefined outside its range. */
function exactShortest(absBits: number): string | undefined {
  if (!shortestF32Digits(absBits, DIGITS)) return undefined;
  const m = DIGITS.m, x = DIGITS.x;
  if (x < 0 && x > -9) {
    // Whole and fractional parts as integers: two short number texts and one join, no slicing.
    const p = POW10[-x]!;
    const whole = Math.floor(m / p), frac = m - whole * p;
    if (frac >= POW10[-x - 1]!) return `${whole}.${frac}`;
  }
  const digits = String(m);
  if (x >= 0) return x === 0 ? digits : digits + ZEROS.slice(0, x);
  const point = digits.length + x;
  if (point > 0) return `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `0.${ZEROS.slice(0, -point)}${digits}`;
}

/**
 * Texts of recently printed f32s by their bits, direct-mapped: a row whose other members changed
 * prints its unchanged members again, and many members hold one of a few values (a constant
 * velocity, a scale of 1.5). A miss costs one compare; the table is small, so a young-generation
 * collection copies little of it.
 */
const TEXT_SLOTS = 4096;
const textBits = new Int32Array(TEXT_SLOTS).fill(0x7fc00001);   // a NaN pattern: never looked up
const texts = new Array<string>(TEXT_SLOTS).fill('');

/**
 * JSON text of a 32-bit float: the shortest decimal that reads back (through Math.fround) to
 * the same f32, in plain notation; `null` for NaN and infinities; `0` for both zeros.
 */
export function formatF32(v: number): string {
  if (v !== v || v === Infinity || v === -Infinity) return 'null';
  if (v === 0) return '0';
  F32_VIEW[0] = v;
  const bits = F32_BITS[0]! | 0;
  const slot = Math.imul(bits, 0x9e3779b1) >>> 20;
  if (textBits[slot] === bits) return texts[slot]!;
  const text = formatF32Text(v, bits & 0x7fffffff);
  textBits[slot] = bits;
  texts[slot] = text;
  return text;
}

/** formatF32's text of v, whose bits with the sign cleared are `absBits`. */
function formatF32Text(v: number, absBits: number): string {
  const abs = v < 0 ? -v : v;
  if (abs < F32_EXACT_INT && Math.floor(abs) === abs) return String(v);
  const exact = exactShortest(absBits);
  if (exact !== undefined) return v < 0 ? `-${exact}` : exact;
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
