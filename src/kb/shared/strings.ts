/**
 * Strings kept once for every thread: UTF-16 code units in one SharedArrayBuffer with an offset per
 * string. Worker threads read the same memory (postMessage shares, never copies, a
 * SharedArrayBuffer); a string is decoded when it is asked for.
 */
export interface SharedStringsData {
  units: Uint16Array;
  offsets: Int32Array;
}

/** A typed array of `length` elements over a new SharedArrayBuffer. */
export function sharedInt32(length: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Math.max(1, length) * 4), 0, length);
}

/** A copy of a typed array in shared memory (a view of the same length and type). */
export function toShared<T extends Int32Array | Uint16Array | Uint8Array | Float32Array>(a: T): T {
  const Ctor = a.constructor as { new (buffer: SharedArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number };
  const out = new Ctor(new SharedArrayBuffer(Math.max(1, a.length) * Ctor.BYTES_PER_ELEMENT), 0, a.length);
  out.set(a);
  return out;
}

const CHUNK = 8192;

export class SharedStrings {
  readonly length: number;

  constructor(readonly data: SharedStringsData) {
    this.length = data.offsets.length - 1;
  }

  static build(strings: readonly string[]): SharedStrings {
    let total = 0;
    for (const s of strings) total += s.length;
    const units = new Uint16Array(new SharedArrayBuffer(Math.max(2, total * 2)), 0, total);
    const offsets = sharedInt32(strings.length + 1);
    let at = 0;
    strings.forEach((s, i) => {
      offsets[i] = at;
      for (let k = 0; k < s.length; k++) units[at + k] = s.charCodeAt(k);
      at += s.length;
    });
    offsets[strings.length] = at;
    return new SharedStrings({ units, offsets });
  }

  get(i: number): string {
    const from = this.data.offsets[i]!;
    const to = this.data.offsets[i + 1]!;
    if (to - from <= CHUNK) return String.fromCharCode.apply(null, this.data.units.subarray(from, to) as unknown as number[]);
    let out = "";
    for (let k = from; k < to; k += CHUNK) out += String.fromCharCode.apply(null, this.data.units.subarray(k, Math.min(to, k + CHUNK)) as unknown as number[]);
    return out;
  }

  /** Length of string `i` without decoding it. */
  lengthOf(i: number): number {
    return this.data.offsets[i + 1]! - this.data.offsets[i]!;
  }

  /** Whether string `i` equals `s`, compared in place. */
  equals(i: number, s: string): boolean {
    const from = this.data.offsets[i]!;
    if (this.data.offsets[i + 1]! - from !== s.length) return false;
    const u = this.data.units;
    for (let k = 0; k < s.length; k++) if (u[from + k] !== s.charCodeAt(k)) return false;
    return true;
  }

  /** Every string decoded (for a thread that reads them all the time, like node names). */
  toArray(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.get(i));
  }

  /**
   * A read-only array-like view (index access and length) that decodes on access: for long texts
   * read now and then (plots, overviews), so a thread holds no copy of them.
   */
  asArray(): readonly string[] {
    const self = this;
    return new Proxy([] as string[], {
      get(target, prop, receiver) {
        if (typeof prop === "string") {
          if (prop === "length") return self.length;
          const i = Number(prop);
          if (Number.isInteger(i) && prop !== "" && i >= 0) return i < self.length ? self.get(i) : undefined;
          if (prop === "forEach") return (f: (s: string, i: number) => void) => { for (let k = 0; k < self.length; k++) f(self.get(k), k); };
          if (prop === "map") return <U>(f: (s: string, i: number) => U) => Array.from({ length: self.length }, (_, k) => f(self.get(k), k));
        }
        if (prop === Symbol.iterator) return function* () { for (let k = 0; k < self.length; k++) yield self.get(k); };
        return Reflect.get(target, prop, receiver);
      },
    });
  }
}
