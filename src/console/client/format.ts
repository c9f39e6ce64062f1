/** Small display helpers shared by the views. */
export const ms = (v: number): string => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`);
export const num = (v: number, digits = 3): string => (Number.isInteger(v) ? String(v) : v.toFixed(digits));
export const int = (v: number): string => Math.round(v).toLocaleString("en-US");
export const when = (iso: string): string => iso.replace("T", " ").replace(/\.\d+Z$/, "Z");
/** A short view of tool arguments: one line of key=value, long values cut. */
export function args(a: Record<string, unknown> | undefined): string {
  if (!a) return "";
  return Object.entries(a)
    .map(([k, v]) => {
      const s = typeof v === "string" ? JSON.stringify(v) : JSON.stringify(v) ?? String(v);
      return `${k}=${s.length > 80 ? `${s.slice(0, 77)}…` : s}`;
    })
    .join("  ");
}
