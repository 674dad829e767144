import { use, useEffect, useMemo, type ReactNode } from 'react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
} from 'react-router'
import { getSession } from '../contracts/api-session.ts'
import type { Route } from './+types/root'
import { DeferredToaster } from './components/layout/deferred-toaster.tsx'
import { SiteFooter } from './components/layout/site-footer.tsx'
import { SiteRadio } from './components/radio/site-radio.tsx'
import { SiteHeader } from './components/layout/site-header.tsx'
import { ThemeProvider } from './components/layout/theme-switcher.tsx'
import { StatusCard } from './components/status-card.tsx'
import { SiteLink, useSiteLinkNavigation } from './components/ui/site-link.tsx'
import { AnalyticsScripts, usePageViews } from './lib/analytics.tsx'
import { appContext } from './lib/app-context.ts'
import { AuthContext } from './lib/auth.ts'
import { useNonce } from './lib/nonce.tsx'
import { PageStyleContext, useWholeStylesheet } from './lib/page-style.tsx'
import { useStoredData } from './lib/store-core.ts'
import { NIGHT_THEME_COLOR, readThemeCookie, themeAtStart, themeBootScript } from './lib/theme.ts'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext)
  const savedTheme = readThemeCookie(request.headers.get('cookie')) ?? null
  return {
    user: ctx.user,
    publicConfig: ctx.publicConfig,
    origin: ctx.origin,
    savedTheme,
    theme: themeAtStart(savedTheme),
  }
}

// The session lives in the data store after the first render; the root data never needs reloading.
export function shouldRevalidate() {
  return false
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  // A constant condition: the browser's bundle does not carry the context.
  const style = import.meta.env.SSR ? use(PageStyleContext) : null
  useWholeStylesheet()
  const theme = data?.theme ?? 'dark'
  return (
    <html
      lang="en"
      className={theme === 'dark' || theme === 'night' ? 'dark' : undefined}
      data-theme={theme}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        {/* Server-rendered only (no bytes in the browser's bundle): a choice made in the menu
            reaches the browser's bar at the next load. */}
        {import.meta.env.SSR && theme === 'night' && (
          <meta name="theme-color" content={NIGHT_THEME_COLOR} />
        )}
        {/* The script ran before hydration; the browser's bundle does not carry its text. For
            the default theme it is empty, and an empty script element runs nothing. */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR ? themeBootScript(data?.savedTheme) : '',
          }}
          suppressHydrationWarning
        />
        <Meta />
        <Links />
        {/* The rules this page's code can render (about 6 KB compressed), in the head: the
            first paint waits for no request (ADR 013). The browser keeps the server's text; it
            never renders it again. */}
        <style
          nonce={nonce || undefined}
          data-partial={style?.partial ? '' : undefined}
          dangerouslySetInnerHTML={{ __html: style?.css ?? '' }}
          suppressHydrationWarning
        />
        {/* Server-rendered only: they have run by the time the page hydrates, and React leaves
            tags it does not render in the head alone. The browser loads only usePageViews. */}
        {import.meta.env.SSR && data && (
          <AnalyticsScripts analytics={data.publicConfig.analytics} nonce={nonce} />
        )}
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

export default function App({ loaderData }: Route.ComponentProps) {
  // The server render's user, then whatever sign-in, sign-out or a profile change writes there;
  // never fetched: the session changes only through this page. One copy, so that it keeps its
  // age: a new one at each render would count as newer than what sign-in or sign-out wrote.
  const initialSession = useMemo(() => ({ user: loaderData.user }), [loaderData.user])
  const user = useStoredData(getSession, {}, initialSession)?.user ?? null
  usePageViews(loaderData.publicConfig.analytics)
  useHashScroll()
  useSiteLinkNavigation()

  return (
    <AuthContext value={user}>
      <ThemeProvider initialTheme={loaderData.theme}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
        >
          Skip to content
        </a>
        <SiteHeader config={loaderData.publicConfig} />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <SiteFooter
          siteName={loaderData.publicConfig.siteName}
          newsletter={loaderData.publicConfig.features.newsletter}
        />
        {/* The radio lives outside the outlet: navigating never restarts the stream. */}
        <SiteRadio configured={loaderData.publicConfig.features.radio} />
        <DeferredToaster />
      </ThemeProvider>
    </AuthContext>
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
          <SiteLink to="/" className="font-medium text-primary hover:underline">
            Go back home
          </SiteLink>
        </p>
      </StatusCard>
    </main>
  )
}
