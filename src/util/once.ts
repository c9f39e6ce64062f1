/** A function that runs `open` the first time it is called and returns the same promise after; `opened()` says whether it has run. */
export function once<T>(open: () => Promise<T>): (() => Promise<T>) & { opened(): boolean } {
  let p: Promise<T> | undefined;
  const get = () => (p ??= open());
  return Object.assign(get, { opened: () => p !== undefined });
}
