import { createHash } from "node:crypto";

/**
 * Qdrant point ids must be unsigned integers or UUIDs; KB node ids are names. A name-based UUID
 * (RFC 4122 version 5: SHA-1 of namespace + UTF-8 name) gives every node the same point id on every
 * machine and every run, so re-ingesting overwrites instead of duplicating.
 */

/** uuid5(NAMESPACE_URL, "urn:movie-graph-research:kb-node"). Changing it orphans every stored point. */
export const NODE_ID_NAMESPACE = "bb088e70-62ce-5a1d-9b78-8ada037fb31c";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidV5(name: string, namespace: string): string {
  if (!UUID_RE.test(namespace)) throw new RangeError(`not a UUID: ${namespace}`);
  const hash = createHash("sha1").update(Buffer.from(namespace.replace(/-/g, ""), "hex")).update(Buffer.from(name, "utf8")).digest();
  const b = hash.subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50; // version 5
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = b.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The point id of a KB node. */
export function pointId(nodeId: string): string {
  return uuidV5(nodeId, NODE_ID_NAMESPACE);
}
