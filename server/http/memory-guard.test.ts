import { describe, expect, it } from 'vitest'
import { createMemoryGuard, type MemoryReading } from './memory-guard.ts'

const MB = 1024 * 1024
const thresholds = { heapPercent: 80, liveMb: 200, rssMb: 400 }

function guardWith(reading: MemoryReading, collect: () => void = () => {}) {
  let t = 0
  const guard = createMemoryGuard(
    thresholds,
    () => ({ ...reading }),
    () => t,
    collect,
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

  it('has the garbage collected before it refuses, at most every 5 s', () => {
    // What is over the line is garbage: a collection takes it back to calm.
    const reading = { ...calm }
    let collections = 0
    const { guard, set } = guardWith(reading, () => {
      collections++
      Object.assign(reading, calm)
    })
    set({ heapUsed: 300 * MB, rss: 500 * MB })
    expect(guard.shedding()).toBe(false)
    expect(collections).toBe(1)
    // Over again a second later: no second collection yet, so it sheds.
    set({ heapUsed: 300 * MB, rss: 500 * MB })
    expect(guard.shedding()).toBe(true)
    expect(collections).toBe(1)
    // Five seconds after the first: collected again, and back to answering.
    for (let i = 0; i < 4; i++) set({})
    expect(guard.shedding()).toBe(false)
    expect(collections).toBe(2)
  })

  it('sheds when what is over the line is live, not garbage', () => {
    let collections = 0
    const { guard, set } = guardWith({ ...calm }, () => collections++)
    set({ rss: 401 * MB })
    expect(guard.shedding()).toBe(true)
    expect(collections).toBe(1)
  })
})
