import { Unavailable } from './errors.ts'

/**
 * At most `maxActive` pieces of one kind of work at once; up to `maxWaiting` more wait their turn
 * for at most `maxWaitMs`; anything past that is refused at once with a 503 and Retry-After.
 * The memory a kind of work can take is then its cost times `maxActive` (plus what the waiters
 * hold), whatever the number of clients asking.
 */
export interface WorkLimiter {
  run<T>(work: () => Promise<T>): Promise<T>
  /**
   * Takes a slot and hands back its release, for work whose end is not one promise (a streamed
   * page holds its slot until its body is sent).
   */
  acquire(): Promise<() => void>
  stats(): { active: number; waiting: number; refused: number }
}

export interface WorkLimiterOptions {
  maxActive: number
  maxWaiting: number
  /** A waiter not admitted by then is refused (default: waits as long as it takes). */
  maxWaitMs?: number
  /** What a refused caller is told, and when to try again. */
  busyMessage: string
  retryAfterSeconds: number
}

export function createWorkLimiter(options: WorkLimiterOptions): WorkLimiter {
  const { maxActive, maxWaiting, maxWaitMs, busyMessage, retryAfterSeconds } = options
  let active = 0
  let refused = 0
  const waiting: Array<(admitted: boolean) => void> = []
  const busy = () => {
    refused += 1
    return new Unavailable(busyMessage, { retryAfterSeconds })
  }

  function release() {
    const next = waiting.shift()
    // The slot passes straight to the next waiter; otherwise it is freed.
    if (next) next(true)
    else active -= 1
  }

  async function acquire(): Promise<() => void> {
    if (active < maxActive) {
      active += 1
    } else {
      if (waiting.length >= maxWaiting) throw busy()
      const admitted = await new Promise<boolean>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined
        const entry = (ok: boolean) => {
          if (timer) clearTimeout(timer)
          resolve(ok)
        }
        waiting.push(entry)
        if (maxWaitMs !== undefined) {
          timer = setTimeout(() => {
            const at = waiting.indexOf(entry)
            if (at >= 0) waiting.splice(at, 1)
            resolve(false)
          }, maxWaitMs)
          timer.unref()
        }
      })
      if (!admitted) throw busy()
    }
    let released = false
    return () => {
      if (released) return
      released = true
      release()
    }
  }

  return {
    acquire,
    async run(work) {
      const done = await acquire()
      try {
        return await work()
      } finally {
        done()
      }
    },
    stats: () => ({ active, waiting: waiting.length, refused }),
  }
}
