import v8 from 'node:v8'

/**
 * Load shedding's eyes: whether the process is close enough to its memory limits that new
 * expensive work (a page render, a list, an upload, a PDF, a sync) must be refused with a 503
 * rather than started. Everything a request can do is bounded on its own; this is the guard for
 * what the bounds did not foresee, so that the process answers "busy" instead of dying.
 *
 * Shedding starts when any of these passes its threshold, and stops once all are back below 90 %
 * of it (without that margin the answer would flap at the line):
 * - the live JavaScript heap, as a share of V8's heap limit (`heapPercent`);
 * - live memory, heap plus the buffers it holds outside the heap (`liveMb`);
 * - resident memory, native allocations (image decoding, compression) included (`rssMb`).
 */
export interface MemoryGuard {
  shedding(): boolean
  snapshot(): MemorySnapshot
}

export interface MemorySnapshot {
  shedding: boolean
  rssMb: number
  heapUsedMb: number
  externalMb: number
  heapLimitMb: number
  /** Times a request was refused because of memory since the start. */
  shed: number
}

export interface MemoryThresholds {
  heapPercent: number
  liveMb: number
  rssMb: number
}

export interface MemoryReading {
  rss: number
  heapUsed: number
  external: number
  heapLimit: number
}

const MB = 1024 * 1024
/** A reading is reused for this long: cheap to ask on every request, fresh enough to act on. */
const SAMPLE_MS = 50
const RECOVERY_RATIO = 0.9

export function readMemory(): MemoryReading {
  const usage = process.memoryUsage()
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    // arrayBuffers is counted inside external.
    external: usage.external,
    heapLimit: v8.getHeapStatistics().heap_size_limit,
  }
}

export function createMemoryGuard(
  thresholds: MemoryThresholds,
  read: () => MemoryReading = readMemory,
  now: () => number = () => performance.now(),
): MemoryGuard {
  let reading = read()
  let readAt = now()
  let shedding = false
  let shed = 0

  function over(r: MemoryReading, ratio: number): boolean {
    return (
      r.heapUsed > r.heapLimit * (thresholds.heapPercent / 100) * ratio ||
      r.heapUsed + r.external > thresholds.liveMb * MB * ratio ||
      r.rss > thresholds.rssMb * MB * ratio
    )
  }

  function refresh() {
    const t = now()
    if (t - readAt < SAMPLE_MS) return
    reading = read()
    readAt = t
    shedding = shedding ? over(reading, RECOVERY_RATIO) : over(reading, 1)
  }
  shedding = over(reading, 1)

  return {
    shedding() {
      refresh()
      if (shedding) shed += 1
      return shedding
    },
    snapshot() {
      refresh()
      return {
        shedding,
        rssMb: Math.round(reading.rss / MB),
        heapUsedMb: Math.round(reading.heapUsed / MB),
        externalMb: Math.round(reading.external / MB),
        heapLimitMb: Math.round(reading.heapLimit / MB),
        shed,
      }
    },
  }
}
