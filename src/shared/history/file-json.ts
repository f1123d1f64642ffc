// JSON with binary arrays beside it, for history files (docs/history.md, "The file format"). A
// world image holds typed arrays (columns, generations) and numbers JSON cannot write (NaN,
// infinities, -0); plain JSON would lose them. Here a typed array becomes a reference to a blob
// (its bytes, little-endian, written as a record of its own) and the other values a tagged object:
//   {"$typed": "Float32Array", "blob": 7}   {"$number": "NaN" | "Infinity" | "-Infinity" | "-0"}
//   {"$undefined": true}                    {"$object": {...}}  (a plain object with a key starting with '$')
// Anything else that is not plain data (a Map, a class instance, a function) is refused by name.

/** The typed arrays a file may hold, by the name written in `$typed`. */
const TYPED = {
  Float32Array, Float64Array, Int8Array, Int16Array, Int32Array, Uint8Array, Uint16Array, Uint32Array,
} as const;

/** The name of a typed array kind a file may hold. */
export type TypedName = keyof typeof TYPED;

/** A value that cannot be written into (or read from) a history file: what and where. */
export class FileValueError extends Error {
  constructor(readonly where: string, message: string) {
    super(`${where}: ${message}`);
    this.name = 'FileValueError';
  }
}

// The format stores numbers little-endian; a typed array's bytes are the platform's.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A number JSON writes and reads back as itself (not NaN, an infinity or -0). */
function plainNumber(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0);
}

function typedName(v: ArrayBufferView): TypedName | undefined {
  const name = v.constructor.name;
  return name in TYPED ? name as TypedName : undefined;
}

/**
 * The JSON-able form of `value`; every typed array inside is appended to `blobs` (as its bytes) and
 * referred to by index (`base` + its place in `blobs`). `where` names the value in errors.
 */
export function toTagged(value: unknown, blobs: Uint8Array[], base: number, where: string): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return { $number: 'NaN' };
    if (value === Infinity) return { $number: 'Infinity' };
    if (value === -Infinity) return { $number: '-Infinity' };
    if (Object.is(value, -0)) return { $number: '-0' };
    return value;
  }
  if (value === undefined) return { $undefined: true };
  if (ArrayBuffer.isView(value)) {
    const name = typedName(value);
    if (name === undefined) throw new FileValueError(where, `a ${value.constructor.name} cannot be written (typed arrays of ${Object.keys(TYPED).join(', ')} can)`);
    if (!LITTLE_ENDIAN) throw new FileValueError(where, 'history files are little-endian and this machine is not');
    blobs.push(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    return { $typed: name, blob: base + blobs.length - 1 };
  }
  if (Array.isArray(value)) {
    // Most arrays of an image are plain numbers (entity ids, the free list, children): kept as they are.
    if (value.every(plainNumber)) return value;
    return value.map((v, i) => toTagged(v, blobs, base, `${where}[${i}]`));
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) throw new FileValueError(where, `a ${(value as object).constructor?.name ?? 'non-plain object'} cannot be written (only plain data can)`);
    const out: Record<string, unknown> = {};
    let dollar = false;
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith('$')) dollar = true;
      out[k] = toTagged(v, blobs, base, `${where}.${k}`);
    }
    return dollar ? { $object: out } : out;
  }
  throw new FileValueError(where, `a ${typeof value} cannot be written (only plain data can)`);
}

/** The value `toTagged` wrote, with the blobs it referred to (read so far). Throws FileValueError on a malformed tag. */
export function fromTagged(value: unknown, blobs: readonly Uint8Array[], where: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v, i) => fromTagged(v, blobs, `${where}[${i}]`));
  const o = value as Record<string, unknown>;
  if ('$typed' in o) {
    const name = o.$typed, index = o.blob;
    if (typeof name !== 'string' || !(name in TYPED)) throw new FileValueError(where, `unknown array kind ${JSON.stringify(name)}`);
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= blobs.length) throw new FileValueError(where, `blob ${JSON.stringify(index)} is not among the ${blobs.length} blobs before it`);
    const Kind = TYPED[name as TypedName], bytes = blobs[index]!;
    if (bytes.byteLength % Kind.BYTES_PER_ELEMENT !== 0) throw new FileValueError(where, `blob ${index} holds ${bytes.byteLength} bytes, not a whole number of ${name} elements`);
    // A copy (new Uint8Array copies, where a Node Buffer's slice would share): aligned, owned by the array, not a view into the file.
    return new Kind(new Uint8Array(bytes).buffer);
  }
  if ('$number' in o) {
    switch (o.$number) {
      case 'NaN': return NaN;
      case 'Infinity': return Infinity;
      case '-Infinity': return -Infinity;
      case '-0': return -0;
      default: throw new FileValueError(where, `unknown number ${JSON.stringify(o.$number)}`);
    }
  }
  if ('$undefined' in o) return undefined;
  const plain = '$object' in o ? o.$object as Record<string, unknown> : o;
  if (plain === null || typeof plain !== 'object') throw new FileValueError(where, '$object must hold an object');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(plain)) out[k] = fromTagged(v, blobs, `${where}.${k}`);
  return out;
}
