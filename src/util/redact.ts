/** Keeping credentials out of logs and error messages. */

/** The URI as it may be shown: any `user:password@` part removed. */
export function displayUri(uri: string): string {
  return uri.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, "$1");
}

/** Replaces every secret (4+ characters, so a one-letter password cannot blank out a message) with ***. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join("***");
  return out;
}
