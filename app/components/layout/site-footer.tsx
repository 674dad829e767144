import { DeferredSubscribeForm } from '../newsletter/deferred-subscribe-form.tsx'
import { SiteLink } from '../ui/site-link.tsx'

const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/admin/login', label: 'Admin Login' },
] as const

/** `newsletter`: e-mail is set up (SMTP_URL), so the subscribe form is offered. */
export function SiteFooter({ siteName, newsletter }: { siteName: string; newsletter: boolean }) {
  return (
    <footer className="mt-16 border-t border-border bg-card/60">
      {newsletter && (
        <div className="mx-auto max-w-7xl border-b border-border px-4 py-8">
          <DeferredSubscribeForm className="max-w-xl" />
        </div>
      )}
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-8 text-sm md:flex-row md:justify-between">
        <nav aria-label="Footer" className="flex flex-wrap justify-center gap-x-5 gap-y-2">
          {FOOTER_LINKS.map((l) => (
            <SiteLink key={l.to} to={l.to} className="text-muted-foreground hover:text-foreground">
              {l.label}
            </SiteLink>
          ))}
        </nav>
        <p className="text-muted-foreground">
          © {new Date().getFullYear()} {siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
