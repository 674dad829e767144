import { describe, expect, it } from 'vitest'
import { createMemoryGuard, type MemoryReading } from './memory-guard.ts'

const MB = 1024 * 1024
const thresholds = { heapPercent: 80, liveMb: 200, rssMb: 400 }

function guardWith(reading: MemoryReading) {
  let t = 0
  const guard = createMemoryGuard(
    thresholds,
    () => ({ ...reading }),
    () => t,
  )
  return {
    guard,
    set(next: Partial<MemoryReading>) {
      Object.assign(reading, next)
      t += 1000
    },
  }
}

describe('memory guard', () => {
  const calm = { rss: 150 * MB, heapUsed: 40 * MB, external: 5 * MB, heapLimit: 1000 * MB }

  it('sheds when the heap, live memory or resident memory passes its threshold', () => {
    for (const over of [
      { heapUsed: 801 * MB, rss: 900 * MB, heapLimit: 1000 * MB },
      { heapUsed: 150 * MB, external: 60 * MB },
      { rss: 401 * MB },
    ]) {
      const { guard, set } = guardWith({ ...calm })
      expect(guard.shedding()).toBe(false)
      set(over)
      expect(guard.shedding()).toBe(true)
    }
  })

  it('stops shedding only once back under 90 % of the threshold, and counts what it shed', () => {
    const { guard, set } = guardWith({ ...calm })
    set({ rss: 410 * MB })
    expect(guard.shedding()).toBe(true)
    set({ rss: 380 * MB }) // under 400, over 360: still shedding
    expect(guard.shedding()).toBe(true)
    set({ rss: 350 * MB })
    expect(guard.shedding()).toBe(false)
    expect(guard.snapshot()).toMatchObject({ shedding: false, rssMb: 350, shed: 2 })
  })
})
