import { ApiRequestError } from './api.ts'

/** Waits before the second and third tries of a request that failed on the way (`retryTransient`). */
export const RETRY_DELAYS_MS = [1000, 2000] as const

/**
 * `attempt`, tried again after 1 s and then 2 s when it fails on the way: the network (status 0)
 * or the server (5xx). A refused request (4xx) fails at once, and so does an aborted one.
 */
export async function retryTransient<T>(
  attempt: () => Promise<T>,
  signal: AbortSignal,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt()
    } catch (error) {
      const status = error instanceof ApiRequestError ? error.status : -1
      const transient = status === 0 || status >= 500
      if (!transient || tried >= delays.length || signal.aborted) throw error
      await new Promise<void>((resolve, reject) => {
        const stop = () => {
          clearTimeout(timer)
          reject(signal.reason as Error)
        }
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', stop)
          resolve()
        }, delays[tried])
        signal.addEventListener('abort', stop, { once: true })
      })
    }
  }
}
