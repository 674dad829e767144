import { lazy, memo, Suspense } from 'react'

// After the page's first load (ADR 010's deferred chunks): the server's HTML shows the form at once.
const SubscribeForm = lazy(() => import('./subscribe-form.tsx'))

/**
 * "Get new posts by e-mail", in the footer and at the end of a post, loaded after the page.
 * Memoised: until its chunk has come, the form on screen is the server's HTML, and a Suspense
 * boundary still waiting to hydrate that receives an update (the page around it drawn again) is
 * thrown away and drawn anew on the client, which would empty an address typed meanwhile.
 */
export const DeferredSubscribeForm = memo(function DeferredSubscribeForm({
  className,
}: {
  className?: string
}) {
  return (
    <Suspense>
      <SubscribeForm className={className} />
    </Suspense>
  )
})
