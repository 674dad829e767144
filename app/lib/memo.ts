/**
 * A pure function of a string, remembered for up to `max` keys (all forgotten when full): for
 * what every page recomputes for the same posts, on the server and in the browser alike.
 */
export function memoize<T>(compute: (key: string) => T, max: number): (key: string) => T {
  const cache = new Map<string, T>()
  return (key) => {
    let value = cache.get(key)
    if (value === undefined) {
      if (cache.size >= max) cache.clear()
      value = compute(key)
      cache.set(key, value)
    }
    return value
  }
}
