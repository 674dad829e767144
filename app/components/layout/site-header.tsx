import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import type { PublicConfig } from '../../../server/config.ts'
import { useAuth } from '../../lib/auth.ts'
import { cn } from '../../lib/cn.ts'
import { Button } from '../ui/button.tsx'
import { LogoMark } from './logo.tsx'
import { ThemeSwitcher } from './theme-switcher.tsx'
import { SiteLink } from '../ui/site-link.tsx'

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const

const PILLS = [
  { to: '/photos', label: 'Photos' },
  { to: '/tonight', label: 'Tonight' },
  { to: '/moon-phase', label: 'Moon' },
  { to: '/kp-index', label: 'Solar' },
  { to: '/sky-calendar', label: 'Calendar' },
  { to: '/astronomy-news', label: 'News' },
] as const

export const SUBSCRIBE_POPUP = { width: 800, height: 600 }

function openSubscribePopup(channelId: string) {
  const { width, height } = SUBSCRIBE_POPUP
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2)
  window.open(
    `https://www.youtube.com/channel/${encodeURIComponent(channelId)}?sub_confirmation=1`,
    'subscribe',
    `width=${width},height=${height},left=${left},top=${top}`,
  )
}

function useAccountLinks(): Array<{ to: `/${string}`; label: string }> {
  const auth = useAuth()
  if (auth.status !== 'authenticated') {
    return auth.status === 'loading' ? [] : [{ to: '/login', label: 'Member Login' }]
  }
  const links: Array<{ to: `/${string}`; label: string }> = []
  if (auth.user.role === 'admin') links.push({ to: '/admin', label: 'Admin' })
  links.push({ to: '/members', label: 'Members' })
  links.push({ to: '/profile', label: auth.user.displayName || 'Profile' })
  return links
}

const linkClass = (isActive: boolean) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition hover:bg-muted',
    isActive ? 'text-primary' : 'text-foreground',
  )

/**
 * A header link marked as the current page (`aria-current`) by NavLink's rule: the same path,
 * ignoring case, or with `end` unset a path below it. Our own, because NavLink (with its view
 * transition and pending states) would add to the framework every page loads (ADR 010).
 */
function NavItem({
  to,
  end = false,
  className,
  children,
}: {
  to: `/${string}`
  end?: boolean
  className: (isActive: boolean) => string
  children: ReactNode
}) {
  const here = useLocation().pathname.toLowerCase()
  const path = to.toLowerCase()
  const isActive =
    here === path || (!end && here.startsWith(path) && here.charAt(path.length) === '/')
  return (
    <SiteLink to={to} aria-current={isActive ? 'page' : undefined} className={className(isActive)}>
      {children}
    </SiteLink>
  )
}

export function SiteHeader({ config }: { config: PublicConfig }) {
  const location = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  // Any navigation closes the menu: a new entry, the current page again, or Back.
  const [seenKey, setSeenKey] = useState(location.key)
  if (location.key !== seenKey) {
    setSeenKey(location.key)
    setMenuOpen(false)
  }
  const accountLinks = useAccountLinks()
  const channelId = config.youtubeChannelId
  const toggle = useRef<HTMLButtonElement>(null)
  // Escape closes the open menu and puts the focus back on its button (unless something else,
  // a theme menu or a dialog, has already taken that Escape).
  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      setMenuOpen(false)
      toggle.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <SiteLink
          to="/"
          className="flex items-center gap-2 font-bold tracking-tight"
          aria-label={`${config.siteName} home`}
        >
          <LogoMark className="h-8 w-8 text-foreground" />
          <span className="font-display text-lg">{config.siteName}</span>
        </SiteLink>

        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((l) => (
            <NavItem key={l.to} to={l.to} end className={linkClass}>
              {l.label}
            </NavItem>
          ))}
        </nav>

        <div className="ml-auto hidden items-center gap-1 md:flex">
          <nav aria-label="Account" className="flex items-center gap-1">
            {accountLinks.map((l) => (
              <NavItem key={l.to} to={l.to} end className={linkClass}>
                {l.label}
              </NavItem>
            ))}
          </nav>
          {channelId && (
            <Button
              size="sm"
              variant="youtube"
              className="ml-2"
              onClick={() => openSubscribePopup(channelId)}
            >
              Subscribe
            </Button>
          )}
        </div>
        {/* Two buttons wide on a phone from its first tag: painted before the menu button was
            read, the theme button sat at the edge and then moved left. */}
        <div className="ml-auto flex w-20 items-center md:ml-1 md:w-auto">
          <ThemeSwitcher />
          <Button
            ref={toggle}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span
              aria-hidden="true"
              className={`icon size-6 ${menuOpen ? 'icon-close' : 'icon-menu'}`}
            />
          </Button>
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl gap-2 overflow-x-auto px-4 pb-3">
        {PILLS.map((p) => (
          <NavItem
            key={p.to}
            to={p.to}
            className={(isActive) =>
              cn(
                'rounded-full border px-4 py-1.5 text-sm font-medium whitespace-nowrap transition',
                isActive
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-card hover:border-primary',
              )
            }
          >
            {p.label}
          </NavItem>
        ))}
      </div>

      {menuOpen && (
        <div id="mobile-menu" className="border-t border-border bg-background px-4 py-3 md:hidden">
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            {[...NAV_LINKS, ...accountLinks].map((l) => (
              <NavItem key={l.to} to={l.to} end className={linkClass}>
                {l.label}
              </NavItem>
            ))}
            {channelId && (
              <Button
                size="sm"
                variant="youtube"
                className="mt-2"
                onClick={() => openSubscribePopup(channelId)}
              >
                Subscribe
              </Button>
            )}
          </nav>
        </div>
      )}
    </header>
  )
}
