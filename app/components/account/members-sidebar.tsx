import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import {
  DISCORD_STATUS_MESSAGES,
  isOAuthErrorCode,
  OAUTH_ERRORS,
  OAUTH_LINKED_MESSAGE,
  OAUTH_START_PATH,
  SIGN_IN_MESSAGES,
} from '../../../contracts/oauth.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { useAuth } from '../../lib/auth.ts'
import { invalidate } from '../../lib/store.ts'
import { usePublicConfig } from '../../lib/public-config.ts'
import { LocalDate } from '../ui/local-date.tsx'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { useDiscordStatus, useOauthAccounts } from './account-queries.ts'
import { useLogoutAction } from './use-logout-action.ts'
import { SiteLink } from '../ui/site-link.tsx'

const PROVIDER_NAMES: Record<string, string> = { discord: 'Discord' }

function SidebarCard({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `${title.toLowerCase().replace(/\W+/g, '-')}-heading`
  return (
    <Card className="p-5" aria-labelledby={id} role="region">
      <h2 id={id} className="font-display text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
    </Card>
  )
}

function LineSkeleton() {
  return (
    <div className="space-y-2" aria-hidden="true">
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  )
}

export function ConnectedAccounts() {
  const auth = useAuth()
  const accounts = useOauthAccounts(auth.status === 'authenticated')
  return (
    <SidebarCard title="Connected Accounts">
      {accounts.isPending ? (
        <LineSkeleton />
      ) : accounts.isError ? (
        <p role="alert" className="text-error">
          {DISCORD_STATUS_MESSAGES.accountsError}
        </p>
      ) : accounts.data.length === 0 ? (
        <p className="text-muted-foreground">{DISCORD_STATUS_MESSAGES.noAccounts}</p>
      ) : (
        <ul className="space-y-3">
          {accounts.data.map((a) => (
            <li key={a.provider} className="flex items-center justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium">{PROVIDER_NAMES[a.provider] ?? a.provider}</p>
                <p className="truncate text-muted-foreground">
                  {a.providerEmail ?? 'No e-mail shared'}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled
                title="Disconnecting accounts is not available yet."
              >
                Disconnect
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SidebarCard>
  )
}

/** Reads ?oauth=connected / ?oauth_error=… left by the Connect round trip, once, then tidies the address. */
function useLinkOutcome(): string | null {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const code = params.get('oauth_error')
  const [linkError] = useState(() => (isOAuthErrorCode(code) ? OAUTH_ERRORS[code] : null))
  const connected = params.get('oauth') === 'connected'
  useEffect(() => {
    if (!connected && !code) return
    if (connected) {
      toast.success(OAUTH_LINKED_MESSAGE)
      void invalidate(API_PATHS.listOauthAccounts, API_PATHS.getDiscordStatus)
    }
    void navigate({ search: '' }, { replace: true, preventScrollReset: true })
  }, [connected, code, navigate])
  return linkError
}

export function DiscordIntegration() {
  const auth = useAuth()
  const { discordSignIn } = usePublicConfig()
  const status = useDiscordStatus(auth.status === 'authenticated')
  const linkError = useLinkOutcome()
  const connect = (
    <Button
      variant="discord"
      className="mt-3 w-full"
      disabled={!discordSignIn}
      onClick={() => window.location.assign(`${OAUTH_START_PATH}?provider=discord`)}
    >
      Connect
    </Button>
  )
  return (
    <SidebarCard title="Discord Integration">
      {linkError && (
        <p
          role="alert"
          className="mb-3 rounded-lg border border-error/40 bg-error/10 px-3 py-2 text-error"
        >
          {linkError}
        </p>
      )}
      {status.isPending ? (
        <LineSkeleton />
      ) : status.isError ? (
        <>
          <p role="alert" className="text-error">
            {DISCORD_STATUS_MESSAGES.statusError}
          </p>
          {connect}
        </>
      ) : status.data.isConnected ? (
        <dl className="space-y-2">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Account</dt>
            <dd className="font-medium">{status.data.username ?? 'Connected'}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Community server</dt>
            <dd className={status.data.isInServer ? 'font-medium text-success' : 'font-medium'}>
              {status.data.isInServer ? 'Member' : 'Not joined yet'}
            </dd>
          </div>
          {status.data.isInServer && status.data.joinedAt && (
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Joined</dt>
              <dd>
                <LocalDate
                  iso={status.data.joinedAt}
                  options={{ month: 'long', day: 'numeric', year: 'numeric' }}
                />
              </dd>
            </div>
          )}
          {!status.data.isInServer && (
            <p>
              <SiteLink to="/discord-invite" className="font-medium text-primary hover:underline">
                Join the community server →
              </SiteLink>
            </p>
          )}
        </dl>
      ) : (
        <>
          <p className="text-muted-foreground">
            Connect your Discord account to see your community membership here.
          </p>
          {connect}
          {!discordSignIn && (
            <p className="mt-2 text-muted-foreground">{SIGN_IN_MESSAGES.notConfigured}</p>
          )}
        </>
      )}
    </SidebarCard>
  )
}

export function AccountSecurity() {
  const { logout, pending } = useLogoutAction()
  return (
    <SidebarCard title="Account Security">
      <p className="text-muted-foreground">Signed in on this device.</p>
      <Button
        variant="outline"
        className="mt-3 w-full"
        onClick={() => void logout()}
        disabled={pending}
      >
        Log Out
      </Button>
    </SidebarCard>
  )
}
