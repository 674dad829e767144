import { loaderFailure } from './loader-errors.server.ts'
import type { SkyLoaderData } from './sky.ts'

/**
 * How long a page render waits for a sky source. A cached copy answers at once; a slow source
 * leaves the page to render its skeletons, and the browser's request joins the same refresh.
 */
export const LOADER_WAIT_MS = 2000

/**
 * The page's first answer, or the message its error view shows when the source failed: a domain
 * error's own message, as the API would answer it (loader-errors.server.ts), else
 * `fallbackMessage`. The page still answers 200: its error view sits in a working page whose
 * browser side tries the source again. A source slower than `waitMs` leaves the page to render
 * its skeletons, and the browser's request joins the same refresh.
 */
export async function loadSkyData<T>(
  load: () => Promise<T>,
  fallbackMessage: string,
  waitMs = LOADER_WAIT_MS,
): Promise<SkyLoaderData<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const settled = load().then(
    (initial): SkyLoaderData<T> => ({ initial, error: null }),
    (error: unknown): SkyLoaderData<T> => ({
      initial: null,
      error: loaderFailure(error)?.message ?? fallbackMessage,
    }),
  )
  const slow = new Promise<SkyLoaderData<T>>((resolve) => {
    timer = setTimeout(() => resolve({ initial: null, error: null }), waitMs)
  })
  try {
    return await Promise.race([settled, slow])
  } finally {
    clearTimeout(timer)
  }
}
