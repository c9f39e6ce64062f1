import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { sha256Hex } from "../util/hash";

/**
 * A self-checking container of named sections (typed arrays and JSON), written atomically
 * (temp file, fsync, rename) so a crash never leaves a half-written snapshot under the real name,
 * and verified on read (size and SHA-256 of the payload) so a damaged one is never trusted.
 */
const MAGIC = "MGKBSNAP2\n";

type ArrayKind = "u8" | "u16" | "i32" | "f32";
type TypedArrayOf<K extends ArrayKind> = K extends "u8" ? Uint8Array : K extends "u16" ? Uint16Array : K extends "i32" ? Int32Array : Float32Array;
const CTORS = { u8: Uint8Array, u16: Uint16Array, i32: Int32Array, f32: Float32Array } as const;

export type SectionValue = { kind: "json"; value: unknown } | { kind: ArrayKind; value: Uint8Array | Uint16Array | Int32Array | Float32Array };

interface SectionHeader {
  name: string;
  kind: ArrayKind | "json";
  offset: number;
  length: number;
}

interface Header {
  meta: unknown;
  sections: SectionHeader[];
  payloadBytes: number;
  payloadSha256: string;
}

export class SnapshotCorruptError extends Error {
  constructor(path: string, reason: string) {
    super(`snapshot ${path} is not usable: ${reason}`);
    this.name = "SnapshotCorruptError";
  }
}

export function writeSnapshotFile(path: string, meta: unknown, sections: Record<string, SectionValue>): number {
  const chunks: Buffer[] = [];
  const headers: SectionHeader[] = [];
  let offset = 0;
  for (const [name, s] of Object.entries(sections)) {
    let buf: Buffer;
    if (s.kind === "json") buf = Buffer.from(JSON.stringify(s.value), "utf8");
    else buf = Buffer.from(s.value.buffer, s.value.byteOffset, s.value.byteLength);
    // Keep every section 8-byte aligned so typed arrays can view the payload without copying.
    const pad = (8 - (buf.length % 8)) % 8;
    headers.push({ name, kind: s.kind, offset, length: buf.length });
    chunks.push(buf);
    if (pad) chunks.push(Buffer.alloc(pad));
    offset += buf.length + pad;
  }
  const payload = Buffer.concat(chunks, offset);
  const header: Header = { meta, sections: headers, payloadBytes: payload.length, payloadSha256: sha256Hex(payload) };
  const headerBuf = Buffer.from(JSON.stringify(header), "utf8");
  const lenBuf = Buffer.alloc(8);
  lenBuf.writeBigUInt64LE(BigInt(headerBuf.length));
  const headPad = Buffer.alloc((8 - ((MAGIC.length + 8 + headerBuf.length) % 8)) % 8);

  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, "w");
  try {
    for (const b of [Buffer.from(MAGIC), lenBuf, headerBuf, headPad, payload]) writeSync(fd, b);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  return MAGIC.length + 8 + headerBuf.length + headPad.length + payload.length;
}

export interface SnapshotReader {
  meta: unknown;
  json<T = unknown>(name: string): T;
  array<K extends ArrayKind>(name: string, kind: K): TypedArrayOf<K>;
  has(name: string): boolean;
}

export function readSnapshotFile(path: string): SnapshotReader {
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch (e) {
    throw new SnapshotCorruptError(path, (e as Error).message);
  }
  if (file.length < MAGIC.length + 8 || file.subarray(0, MAGIC.length).toString() !== MAGIC) throw new SnapshotCorruptError(path, "wrong magic number or truncated header");
  const headerLen = Number(file.readBigUInt64LE(MAGIC.length));
  const headerStart = MAGIC.length + 8;
  if (headerStart + headerLen > file.length) throw new SnapshotCorruptError(path, "truncated header");
  let header: Header;
  try {
    header = JSON.parse(file.subarray(headerStart, headerStart + headerLen).toString("utf8")) as Header;
  } catch {
    throw new SnapshotCorruptError(path, "unreadable header");
  }
  const payloadStart = headerStart + headerLen + ((8 - ((headerStart + headerLen) % 8)) % 8);
  if (file.length - payloadStart !== header.payloadBytes) throw new SnapshotCorruptError(path, `payload is ${file.length - payloadStart} bytes, expected ${header.payloadBytes}`);
  const payload = file.subarray(payloadStart);
  if (sha256Hex(payload) !== header.payloadSha256) throw new SnapshotCorruptError(path, "checksum mismatch");
  const byName = new Map(header.sections.map((s) => [s.name, s]));
  const section = (name: string) => {
    const s = byName.get(name);
    if (!s) throw new SnapshotCorruptError(path, `missing section ${name}`);
    return s;
  };
  return {
    meta: header.meta,
    has: (name) => byName.has(name),
    json<T>(name: string): T {
      const s = section(name);
      return JSON.parse(payload.subarray(s.offset, s.offset + s.length).toString("utf8")) as T;
    },
    array<K extends ArrayKind>(name: string, kind: K): TypedArrayOf<K> {
      const s = section(name);
      if (s.kind !== kind) throw new SnapshotCorruptError(path, `section ${name} is ${s.kind}, expected ${kind}`);
      const Ctor = CTORS[kind];
      const bytes = payload.subarray(s.offset, s.offset + s.length);
      // Copy into a fresh, aligned buffer: the file buffer may not be aligned for this type.
      const copy = new Uint8Array(bytes.length);
      copy.set(bytes);
      return new Ctor(copy.buffer, 0, bytes.length / Ctor.BYTES_PER_ELEMENT) as TypedArrayOf<K>;
    },
  };
}

export function removeSnapshot(path: string): void {
  rmSync(path, { force: true });
}
