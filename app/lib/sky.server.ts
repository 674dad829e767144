import type { SkyLoaderData } from './sky.ts'

/**
 * How long a page render waits for a sky source. A cached copy answers at once; a slow source
 * leaves the page to render its skeletons, and the browser's request joins the same refresh.
 */
export const LOADER_WAIT_MS = 2000

/** Only the service's own messages (ApiError: a status and a message for people) reach the page. */
function messageOf(error: unknown, fallback: string): string {
  const status = (error as { status?: unknown } | null)?.status
  return error instanceof Error && typeof status === 'number' && status >= 400 && status < 600
    ? error.message
    : fallback
}

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
      error: messageOf(error, fallbackMessage),
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
