// Character-level reading of query text: whitespace, identifiers, numbers, variables and
// strings. Every character is consumed exactly once (no backtracking), and each consumed
// character and produced token is counted, so the work of a parse is linear and testable.
import type { Ref } from './ast';
import { QueryParseError } from './errors';
import { echoed, MAX_ECHOED_CHARS } from '../../protocol/constants';

/** Work counter: `steps` grows by one per character and per token consumed. */
export interface StepCounter { steps: number }

const DIGIT_0 = 48, DIGIT_9 = 57;
/** Non-ASCII letters may start a name; letters, marks and digits may continue one. */
const UNICODE_START = /\p{L}/uy;
const UNICODE_PART = /[\p{L}\p{M}\p{N}]/uy;

/** Shortens a token for an error reason and puts it in single quotes. */
export function quote(token: string): string {
  return "'" + echoed(token) + "'";
}

/** A read position in the query text; all reading and error raising goes through it. */
export class Cursor {
  /** Current 0-based UTF-16 offset. */
  pos = 0;

  /** Starts at offset 0 of `text`; `counter.steps` is incremented as the text is consumed. */
  constructor(readonly text: string, private readonly counter?: StepCounter) {}

  /** Char code at the cursor plus `ahead`, or -1 past the end. */
  peek(ahead = 0): number {
    const i = this.pos + ahead;
    return i < this.text.length ? this.text.charCodeAt(i) : -1;
  }

  /** True when the cursor is at `ch` (a single character). */
  at(ch: string): boolean {
    return this.peek() === ch.charCodeAt(0);
  }

  /** True when all text is consumed. */
  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  /** Consumes `n` UTF-16 units. */
  advance(n = 1): void {
    this.pos += n;
    if (this.counter) this.counter.steps += n;
  }

  /** Counts one produced token. */
  token(): void {
    if (this.counter) this.counter.steps += 1;
  }

  /** Consumes spaces, tabs and line breaks. */
  skipWs(): void {
    for (;;) {
      const c = this.peek();
      if (c === 32 || (c >= 9 && c <= 13)) this.advance();
      else return;
    }
  }

  /** Throws a QueryParseError with `reason` at `pos` (default: the cursor). */
  fail(reason: string, pos: number = this.pos): never {
    throw new QueryParseError(reason, this.text, pos);
  }

  /** The character at `pos` as shown in an error reason; invisible ones as U+XXXX. */
  describe(pos: number = this.pos): string {
    const cp = this.text.codePointAt(pos);
    if (cp === undefined) return 'end of query';
    const visible = cp > 32 && cp !== 127 && !(cp >= 0x80 && cp <= 0x9f) && !(cp >= 0xd800 && cp <= 0xdfff) && !/\s/u.test(String.fromCodePoint(cp));
    return visible ? String.fromCodePoint(cp) : 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  }

  /** True when a name can start at the cursor: [A-Za-z_] or a non-ASCII letter. */
  identStart(): boolean {
    const c = this.peek();
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) return true;
    return c >= 128 && this.unicodeAt(UNICODE_START) > 0;
  }

  /** UTF-16 length of the name character at the cursor, 0 when there is none. */
  private identPart(): number {
    const c = this.peek();
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (c >= DIGIT_0 && c <= DIGIT_9)) return 1;
    return c >= 128 ? this.unicodeAt(UNICODE_PART) : 0;
  }

  private unicodeAt(re: RegExp): number {
    re.lastIndex = this.pos;
    const m = re.exec(this.text);
    return m ? m[0].length : 0;
  }

  /** True when the cursor is at an ASCII digit. */
  digit(): boolean {
    const c = this.peek();
    return c >= DIGIT_0 && c <= DIGIT_9;
  }

  /** Reads one name segment; the caller has checked identStart(). */
  private segment(): void {
    let n = this.identPart();
    while (n > 0) {
      this.advance(n);
      n = this.identPart();
    }
  }

  /** Reads a dotted name (`Sun.Earth`); the caller has checked identStart(). */
  readName(): string {
    const start = this.pos;
    this.segment();
    while (this.at('.')) {
      this.advance();
      if (!this.identStart()) {
        const part = this.text.slice(start, this.pos);
        if (this.atEnd()) this.fail(`unexpected end of query: expected a name after '.' in ${quote(part)}`);
        this.fail(`expected a name after '.' in ${quote(part)}, found '${this.describe()}'`);
      }
      this.segment();
    }
    this.token();
    return this.text.slice(start, this.pos);
  }

  /** Reads an entity id; the caller has checked digit(). */
  readId(): Ref {
    const start = this.pos;
    while (this.digit()) this.advance();
    if (this.identPart() > 0 || this.at('.')) {
      while (this.identPart() > 0 || this.at('.')) this.advance(Math.max(this.identPart(), 1));
      const bad = this.text.slice(start, this.pos);
      this.fail(`invalid name ${quote(bad)}: names start with a letter or '_', and ids are whole numbers`, start);
    }
    const digits = this.text.slice(start, this.pos);
    const value = Number(digits);
    if (!Number.isSafeInteger(value)) this.fail(`number ${digits.length > MAX_ECHOED_CHARS ? quote(digits) : digits} is not a safe integer id`, start);
    this.token();
    return { kind: 'id', value, pos: start };
  }

  /** Reads a decimal number `[-]digits[.digits][e[+|-]digits]`; the caller has checked for '-' or a digit. */
  readNumber(): { kind: 'number'; value: number; pos: number } {
    const start = this.pos;
    const digits = (what: string) => {
      if (!this.digit()) this.fail(this.atEnd() ? `unexpected end of query: expected a digit ${what}` : `expected a digit ${what}, found '${this.describe()}'`);
      while (this.digit()) this.advance();
    };
    if (this.at('-')) this.advance();
    digits(`after '-', as in -2.5`);
    if (this.at('.')) { this.advance(); digits('after the decimal point, as in 0.5'); }
    if (this.at('e') || this.at('E')) {
      this.advance();
      if (this.at('+') || this.at('-')) this.advance();
      digits(`in the exponent, as in 1e3`);
    }
    const text = this.text.slice(start, this.pos);
    if (this.identPart() > 0) this.fail(`invalid number ${quote(text + this.describe())}: write a decimal number such as 10, -2.5 or 1e3`, start);
    const value = Number(text);
    if (!Number.isFinite(value)) this.fail(`number ${quote(text)} is too large`, start);
    this.token();
    return { kind: 'number', value, pos: start };
  }

  /** Reads `$name` (a variable; $this/$This give 'this') or a lone `$` (singleton). */
  readVar(): Ref {
    const start = this.pos;
    this.advance();
    if (this.digit()) this.fail(`'$' must be followed by a variable name that starts with a letter or '_', found '${this.describe()}'`, start);
    if (!this.identStart()) {
      this.token();
      return { kind: 'singleton', pos: start };
    }
    const nameStart = this.pos;
    this.segment();
    this.token();
    const name = this.text.slice(nameStart, this.pos);
    return { kind: 'var', name: name === 'This' ? 'this' : name, pos: start };
  }

  /** Reads `"…"` with `\"` and `\\` escapes; the caller has checked for the opening quote. */
  readString(): Ref {
    const start = this.pos;
    this.advance();
    let value = '';
    let chunk = this.pos;
    for (;;) {
      const c = this.peek();
      if (c === -1) this.fail(`unterminated string: missing closing '"'`, start);
      if (c === 34) break;
      if (c === 92) {
        const next = this.peek(1);
        if (next !== 34 && next !== 92) {
          if (next === -1) this.fail(`unterminated string: missing closing '"'`, start);
          this.fail(`unknown escape '\\${this.describe(this.pos + 1)}' in string: only \\" and \\\\ are allowed`);
        }
        value += this.text.slice(chunk, this.pos);
        this.advance();
        chunk = this.pos;
      }
      this.advance();
    }
    value += this.text.slice(chunk, this.pos);
    this.advance();
    this.token();
    return { kind: 'string', value, pos: start };
  }
}
