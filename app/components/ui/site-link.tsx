import { type AnchorHTMLAttributes, useEffect } from 'react'
import { useNavigate } from 'react-router'

/**
 * A link to a page of the site by its path (every internal link the app renders; ADR 014): a plain
 * `<a>` that the layout's one click listener turns into a client-side navigation
 * (`useSiteLinkNavigation`), so the radio keeps playing. React Router's `<Link>` runs several hooks
 * per link to resolve a relative path, watch for prefetching and make a click handler; a post page
 * has 26 links, and they were a tenth of what rendering it allocated. `data-discover` lets React
 * Router learn the target's route ahead of the click, as it does for its own links. Outside the
 * layout (the root error page) the links load their page in full.
 */
export function SiteLink({
  to,
  ...props
}: { to: `/${string}` } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return <a href={to} data-discover="true" data-site-link="" {...props} />
}

/**
 * Clicks on `SiteLink`s become client-side navigations, as React Router's `<Link>` makes them: a
 * plain left click on a link that opens here; a click with a modifier key, a middle click, or one a
 * handler already took is left to the browser. Following a link to the address already shown
 * replaces the history entry instead of adding one. Installed once, by the layout.
 */
export function useSiteLinkNavigation() {
  const navigate = useNavigate()
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest?.<HTMLAnchorElement>('a[data-site-link]')
      if (
        !link ||
        event.defaultPrevented ||
        event.button ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey ||
        (link.target || '_self') !== '_self' ||
        link.hasAttribute('download') ||
        link.origin !== location.origin
      )
        return
      event.preventDefault()
      void navigate(link.pathname + link.search + link.hash, {
        replace: link.href === location.href,
      })
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [navigate])
}
