import { Unavailable } from '../shared/errors.ts'

/**
 * Bounds the memory that request bodies can take while they are read and parsed: each request
 * reserves the most its endpoint accepts, and the reservations in flight never add up to more
 * than `budgetBytes`. Others wait in a queue of bounded length; past it the server answers 503
 * at once instead of taking on more work than its heap can hold.
 */
export interface BodyGate {
  run<T>(bytes: number, work: () => Promise<T>): Promise<T>
  /** Reserved bytes and waiting requests right now (for tests and health output). */
  stats(): { reserved: number; waiting: number }
}

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.'

export function createBodyGate(budgetBytes: number, maxWaiting: number): BodyGate {
  let reserved = 0
  const queue: Array<{ bytes: number; resolve: () => void }> = []

  function admit() {
    while (queue.length > 0 && reserved + queue[0]!.bytes <= budgetBytes) {
      const next = queue.shift()!
      reserved += next.bytes
      next.resolve()
    }
  }

  return {
    async run(bytes, work) {
      const size = Math.min(bytes, budgetBytes)
      if (queue.length === 0 && reserved + size <= budgetBytes) {
        reserved += size
      } else {
        if (queue.length >= maxWaiting)
          throw new Unavailable(BUSY_MESSAGE, { retryAfterSeconds: 1 })
        await new Promise<void>((resolve) => queue.push({ bytes: size, resolve }))
      }
      try {
        return await work()
      } finally {
        reserved -= size
        admit()
      }
    },
    stats: () => ({ reserved, waiting: queue.length }),
  }
}
