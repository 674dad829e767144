import { Unavailable } from '../shared/errors.ts'

/**
 * Bounds the memory that request bodies can take while they are read and parsed: each request
 * reserves the most its endpoint accepts, and the reservations in flight never add up to more
 * than `budgetBytes`. Others wait in a queue of bounded length; past it the server answers 503
 * at once instead of taking on more work than its heap can hold.
 *
 * One client may have at most `perClientBytes` reserved at once: its further bodies wait (at most
 * `PER_CLIENT_WAITING` of them) while others' are admitted ahead of them, so whatever one client
 * sends, everyone else still finds room. A client that trickles its bodies is also cut off by the
 * read deadline (`limitRequestBody`).
 */
export interface BodyGate {
  run<T>(bytes: number, client: string, work: () => Promise<T>): Promise<T>
  /** Reserved bytes, waiting requests and clients holding either, right now (for /healthz). */
  stats(): { reserved: number; waiting: number; clients: number }
}

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.'
/** Bodies one client may have waiting for room. */
export const PER_CLIENT_WAITING = 16

interface Waiter {
  bytes: number
  client: string
  resolve: () => void
}

export function createBodyGate(
  budgetBytes: number,
  maxWaiting: number,
  perClientBytes = budgetBytes,
): BodyGate {
  let reserved = 0
  const queue: Waiter[] = []
  const clients = new Map<string, { reserved: number; waiting: number }>()
  const busy = () => new Unavailable(BUSY_MESSAGE, { retryAfterSeconds: 1 })

  const fits = (bytes: number, client: string) =>
    reserved + bytes <= budgetBytes &&
    (clients.get(client)?.reserved ?? 0) + bytes <= perClientBytes

  /** A waiter held back by the budget, not by its client's share: nobody may overtake it. */
  const waitsForBudget = (w: Waiter) =>
    (clients.get(w.client)?.reserved ?? 0) + w.bytes <= perClientBytes

  function reserve(bytes: number, client: string) {
    reserved += bytes
    const entry = clients.get(client) ?? { reserved: 0, waiting: 0 }
    entry.reserved += bytes
    clients.set(client, entry)
  }

  /** First come, first served, but a client at its share does not hold up the others. */
  function admit() {
    for (let i = 0; i < queue.length && reserved < budgetBytes;) {
      const next = queue[i]!
      if (!fits(next.bytes, next.client)) {
        i += 1
        continue
      }
      queue.splice(i, 1)
      clients.get(next.client)!.waiting -= 1
      reserve(next.bytes, next.client)
      next.resolve()
    }
  }

  function release(bytes: number, client: string) {
    reserved -= bytes
    const entry = clients.get(client)!
    entry.reserved -= bytes
    if (entry.reserved === 0 && entry.waiting === 0) clients.delete(client)
    admit()
  }

  return {
    async run(bytes, client, work) {
      const size = Math.min(bytes, budgetBytes, perClientBytes)
      if (fits(size, client) && !queue.some(waitsForBudget)) {
        reserve(size, client)
      } else {
        const entry = clients.get(client) ?? { reserved: 0, waiting: 0 }
        if (queue.length >= maxWaiting || entry.waiting >= PER_CLIENT_WAITING) throw busy()
        entry.waiting += 1
        clients.set(client, entry)
        await new Promise<void>((resolve) => queue.push({ bytes: size, client, resolve }))
      }
      try {
        return await work()
      } finally {
        release(size, client)
      }
    },
    stats: () => ({ reserved, waiting: queue.length, clients: clients.size }),
  }
}
