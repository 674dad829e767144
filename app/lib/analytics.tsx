import { useEffect } from 'react'
import { useLocation } from 'react-router'
import type { PublicConfig } from '../../server/config.ts'

declare global {
  interface Window {
    plausible?: ((event: string, options?: { u?: string }) => void) & { q?: unknown[] }
    dataLayer?: unknown[]
    gtag?: (...args: unknown[]) => void
  }
}

type Analytics = PublicConfig['analytics']

/** The provider's script tags, with this response's nonce. Nothing for provider none. */
export function AnalyticsScripts({ analytics, nonce }: { analytics: Analytics; nonce: string }) {
  if (analytics.provider === 'plausible') {
    return (
      <>
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html:
              'window.plausible=window.plausible||function(){(window.plausible.q=window.plausible.q||[]).push(arguments)}',
          }}
        />
        <script defer nonce={nonce} data-domain={analytics.domain} src={analytics.scriptUrl} />
      </>
    )
  }
  if (analytics.provider === 'ga4') {
    const id = JSON.stringify(analytics.measurementId)
    return (
      <>
        <script
          async
          nonce={nonce}
          src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analytics.measurementId)}`}
        />
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag('js',new Date());gtag('config',${id},{send_page_view:false});`,
          }}
        />
      </>
    )
  }
  return null
}

/** Reports a page view (path plus query) on the first load and on every route change. */
export function usePageViews(analytics: Analytics): void {
  const location = useLocation()
  const pathAndQuery = location.pathname + location.search
  useEffect(() => {
    const url = window.location.origin + pathAndQuery
    if (analytics.provider === 'plausible') window.plausible?.('pageview', { u: url })
    if (analytics.provider === 'ga4') {
      window.gtag?.('event', 'page_view', {
        page_location: url,
        page_path: pathAndQuery,
        page_title: document.title,
      })
    }
  }, [analytics.provider, pathAndQuery])
}
