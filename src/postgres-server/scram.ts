import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * SCRAM-SHA-256 password verifiers in PostgreSQL's format (`SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>`,
 * RFC 5803), made here as psql's \password makes them: the server is given the verifier, never the
 * password, so no statement, log line or process list can show it. Only for printable ASCII
 * passwords, which SASLprep leaves as they are (requirePassword checks that).
 */
const ITERATIONS = 4096;

function keys(password: string, salt: Buffer, iterations: number): { storedKey: Buffer; serverKey: Buffer } {
  const salted = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  const clientKey = createHmac("sha256", salted).update("Client Key").digest();
  return { storedKey: createHash("sha256").update(clientKey).digest(), serverKey: createHmac("sha256", salted).update("Server Key").digest() };
}

export function scramVerifier(password: string, salt: Buffer = randomBytes(16), iterations = ITERATIONS): string {
  const { storedKey, serverKey } = keys(password, salt, iterations);
  return `SCRAM-SHA-256$${iterations}:${salt.toString("base64")}$${storedKey.toString("base64")}:${serverKey.toString("base64")}`;
}

/** Whether a stored verifier (pg_authid.rolpassword) accepts this password; anything else (none, md5) does not. */
export function verifierAccepts(verifier: string | undefined, password: string): boolean {
  const m = /^SCRAM-SHA-256\$(\d+):([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+):([A-Za-z0-9+/=]+)$/.exec(verifier ?? "");
  if (!m) return false;
  const { storedKey, serverKey } = keys(password, Buffer.from(m[2]!, "base64"), Number(m[1]));
  const same = (a: Buffer, b64: string) => {
    const b = Buffer.from(b64, "base64");
    return a.length === b.length && timingSafeEqual(a, b);
  };
  return same(storedKey, m[3]!) && same(serverKey, m[4]!);
}
