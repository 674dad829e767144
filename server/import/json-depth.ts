import { Transform, type TransformCallback } from 'node:stream'

/**
 * Passes JSON through unchanged, failing with `error()` once brackets nest deeper than
 * `maxDepth` outside strings. A streaming parser keeps a frame per open bracket: without a
 * bound, a file of nothing but `[` (64 MB of them) would take gigabytes to refuse.
 */
export function jsonDepthGuard(maxDepth: number, error: () => Error): Transform {
  let depth = 0
  let inString = false
  let escaped = false
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      for (const byte of chunk) {
        if (inString) {
          if (escaped) escaped = false
          else if (byte === 0x5c) escaped = true
          else if (byte === 0x22) inString = false
        } else if (byte === 0x22) inString = true
        else if (byte === 0x5b || byte === 0x7b) {
          if (++depth > maxDepth) return done(error())
        } else if (byte === 0x5d || byte === 0x7d) depth--
      }
      done(null, chunk)
    },
  })
}
