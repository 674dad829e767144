import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
} from 'react-router'
import { Toaster } from 'sonner'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { SiteFooter } from './components/layout/site-footer.tsx'
import { RadioMiniPlayer } from './components/radio/radio-mini-player.tsx'
import { RadioProvider } from './components/radio/radio-provider.tsx'
import { SiteHeader } from './components/layout/site-header.tsx'
import { ThemeProvider, useTheme } from './components/layout/theme-switcher.tsx'
import { StatusCard } from './components/status.tsx'
import { AnalyticsScripts, usePageViews } from './lib/analytics.tsx'
import { appContext } from './lib/app-context.ts'
import { SESSION_QUERY_KEY } from './lib/auth.ts'
import { useNonce } from './lib/nonce.tsx'
import { THEME_BOOT_SCRIPT, readThemeCookie, themeAtStart } from './lib/theme.ts'

export const TOAST_DURATION_MS = 4000
export const TOASTS_VISIBLE = 3

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext)
  return {
    user: ctx.user,
    publicConfig: ctx.publicConfig,
    origin: ctx.origin,
    theme: themeAtStart(readThemeCookie(request.headers.get('cookie'))),
  }
}

// The session lives in the query cache after the first render; the root data never needs reloading.
export function shouldRevalidate() {
  return false
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  const theme = data?.theme ?? 'dark'
  return (
    <html
      lang="en"
      className={theme === 'dark' ? 'dark' : undefined}
      data-theme={theme}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        <Links />
        {data && <AnalyticsScripts analytics={data.publicConfig.analytics} nonce={nonce} />}
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/** Scrolls smoothly to the element the address hash names, also when it appears after data loads. */
function useHashScroll() {
  const { hash, pathname } = useLocation()
  useEffect(() => {
    if (!hash) return
    const id = decodeURIComponent(hash.slice(1))
    let frames = 0
    let handle = 0
    const tryScroll = () => {
      // Ids inside posts and pages carry the sanitizer's prefix (server/services/html.ts).
      const el = document.getElementById(id) ?? document.getElementById(`content-${id}`)
      if (el) el.scrollIntoView({ behavior: 'smooth', block: 'start' })
      else if (frames++ < 60) handle = requestAnimationFrame(tryScroll)
    }
    handle = requestAnimationFrame(tryScroll)
    return () => cancelAnimationFrame(handle)
  }, [hash, pathname])
}

function ThemedToaster() {
  const { theme } = useTheme()
  return (
    <Toaster
      theme={theme === 'auto' ? 'system' : theme}
      duration={TOAST_DURATION_MS}
      visibleToasts={TOASTS_VISIBLE}
      position="top-right"
      closeButton
      richColors
    />
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } })
    client.setQueryData(SESSION_QUERY_KEY, { user: loaderData.user })
    return client
  })
  usePageViews(loaderData.publicConfig.analytics)
  useHashScroll()

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider initialTheme={loaderData.theme}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
        >
          Skip to content
        </a>
        {/* The radio lives outside the outlet: navigating never restarts the stream. */}
        <RadioProvider>
          <SiteHeader config={loaderData.publicConfig} />
          <main id="main" className="flex-1">
            <Outlet />
          </main>
          <SiteFooter siteName={loaderData.publicConfig.siteName} />
          <RadioMiniPlayer />
        </RadioProvider>
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main className="flex-1 px-4 py-20">
      <title>{notFound ? 'Page Not Found' : 'Something went wrong'}</title>
      <StatusCard
        title={notFound ? 'Page Not Found' : 'Something went wrong'}
        tone={notFound ? 'neutral' : 'error'}
      >
        <p>
          {notFound
            ? "The page you're looking for doesn't exist."
            : 'An unexpected error occurred. Please try again in a moment.'}
        </p>
        <p>
          <Link to="/" className="font-medium text-primary hover:underline">
            Go back home
          </Link>
        </p>
      </StatusCard>
    </main>
  )
}
