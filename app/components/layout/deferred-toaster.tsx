import { lazy, Suspense, useEffect, useState } from 'react'

const LazyToaster = lazy(() => import('./toaster.tsx'))

/**
 * Toasts only follow something a visitor did, so the toaster (sonner, about 10 KB) is not part of
 * a page's first load: it is fetched once the page is idle after hydration, long before a form
 * could be sent. Pages that raise toasts import sonner's `toast` themselves, the same module.
 */
export function DeferredToaster() {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setReady(true), { timeout: 2000 })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(() => setReady(true), 200)
    return () => clearTimeout(id)
  }, [])
  return ready ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null
}
