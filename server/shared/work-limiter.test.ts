import { describe, expect, it, vi } from 'vitest'
import { Unavailable } from './errors.ts'
import { createWorkLimiter } from './work-limiter.ts'

const options = { busyMessage: 'Busy.', retryAfterSeconds: 3 }

describe('work limiter', () => {
  it('runs at most maxActive at once, queues maxWaiting more, refuses the rest with Retry-After', async () => {
    const limiter = createWorkLimiter({ ...options, maxActive: 2, maxWaiting: 1 })
    const release: Array<() => void> = []
    const hold = () => new Promise<void>((r) => release.push(r))
    const running = [limiter.run(hold), limiter.run(hold), limiter.run(hold)]
    await new Promise((r) => setTimeout(r, 0))
    expect(limiter.stats()).toEqual({ active: 2, waiting: 1, refused: 0 })
    const refused = await limiter.run(hold).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(Unavailable)
    expect((refused as Unavailable).retryAfterSeconds).toBe(3)
    release.shift()!()
    await new Promise((r) => setTimeout(r, 0))
    // The freed slot went straight to the waiter.
    expect(limiter.stats()).toEqual({ active: 2, waiting: 0, refused: 1 })
    release.splice(0).forEach((r) => r())
    await new Promise((r) => setTimeout(r, 0))
    release.splice(0).forEach((r) => r())
    await Promise.all(running)
    expect(limiter.stats().active).toBe(0)
  })

  it('refuses a waiter not admitted within maxWaitMs and forgets it', async () => {
    vi.useFakeTimers()
    try {
      const limiter = createWorkLimiter({ ...options, maxActive: 1, maxWaiting: 5, maxWaitMs: 100 })
      const done = await limiter.acquire()
      const waiter = limiter.acquire().catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(101)
      expect(await waiter).toBeInstanceOf(Unavailable)
      expect(limiter.stats()).toEqual({ active: 1, waiting: 0, refused: 1 })
      done()
      done() // a second release changes nothing
      expect(limiter.stats().active).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('frees the slot when the work throws', async () => {
    const limiter = createWorkLimiter({ ...options, maxActive: 1, maxWaiting: 0 })
    await expect(limiter.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x')
    expect(limiter.stats().active).toBe(0)
  })
})
