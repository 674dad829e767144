import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * Load shedding's eyes: whether the process is close enough to its memory limits that new
 * expensive work (a page render, a list, an upload, a PDF, a sync) must be refused with a 503
 * rather than started. Everything a request can do is bounded on its own; this is the guard for
 * what the bounds did not foresee, so that the process answers "busy" instead of dying.
 *
 * Shedding starts when any of these passes its threshold, and stops once all are back below 90 %
 * of it (without that margin the answer would flap at the line). Much of what is over the line
 * may be garbage: a finished import or upload leaves hundreds of megabytes that V8 collects only
 * when something allocates, and a quiet site allocates nothing, so it answered "busy" for minutes
 * after the work was done. Over the line, the guard has V8 collect, at most every
 * COLLECT_EVERY_MS, and reads again before it refuses anything:
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
/** A full collection pauses the process (some 100 ms on a large heap): at most this often. */
const COLLECT_EVERY_MS = 5_000

let gc: (() => void) | undefined
/** A full garbage collection, now (V8's `gc`, exposed for this). */
export function fullCollection(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as () => void
  }
  gc()
}

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
  collect: () => void = fullCollection,
): MemoryGuard {
  let reading = read()
  let readAt = now()
  let collectedAt = -Infinity
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
    const past = () => (shedding ? over(reading, RECOVERY_RATIO) : over(reading, 1))
    let next = past()
    if (next && t - collectedAt >= COLLECT_EVERY_MS) {
      collectedAt = t
      collect()
      reading = read()
      next = past()
    }
    shedding = next
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
