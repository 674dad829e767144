import type { ReactNode } from 'react'
import { StatusCard } from './status-card.tsx'
import { Skeleton } from './ui/skeleton.tsx'
import { SiteLink } from './ui/site-link.tsx'

export { StatusCard }

export function AccessDenied({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="px-4 py-16">
      <StatusCard title="Access Denied" tone="error">
        <p>{message}</p>
        {action}
      </StatusCard>
    </div>
  )
}

export function roleDeniedMessage(role: string): string {
  return `Access denied. Your role (${role}) lacks required permissions.`
}

export function AuthenticatingSkeleton() {
  return (
    <div
      role="status"
      aria-label="Authenticating"
      className="mx-auto max-w-3xl space-y-4 px-4 py-16"
    >
      <span className="sr-only">Authenticating</span>
      <Skeleton className="h-8 w-1/3" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-40 w-full" />
    </div>
  )
}

/** For routes whose feature is being built: says so plainly and points somewhere useful. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="px-4 py-16">
      <StatusCard title={title}>
        <p>{children}</p>
        <p className="text-sm">This part of the site is coming soon.</p>
        <p>
          <SiteLink to="/" className="font-medium text-primary hover:underline">
            Back to the home page
          </SiteLink>
        </p>
      </StatusCard>
    </div>
  )
}
