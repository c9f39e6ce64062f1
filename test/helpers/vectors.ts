/** A unit-length Float32Array pointing along the given components. */
export const unit = (...xs: number[]): Float32Array => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};
