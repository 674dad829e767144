import { SIGN_IN_MESSAGES } from '../../../contracts/oauth-constants.ts'
import { usePublicConfig } from '../../lib/public-config.ts'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'
import { type SignInState, useDiscordSignIn } from './use-discord-sign-in.ts'
import { SiteLink } from '../ui/site-link.tsx'

/** 'Continue with Discord', and what the sign-in is doing while it runs. */
export function DiscordSignInButton({
  state,
  start,
  className,
}: {
  state: SignInState
  start: () => void
  className?: string
}) {
  const { discordSignIn } = usePublicConfig()
  const busy = state.status === 'connecting' || state.status === 'success'
  return (
    <Button
      variant="discord"
      className={className}
      size="lg"
      onClick={start}
      disabled={!discordSignIn || busy}
      aria-busy={busy || undefined}
    >
      <span aria-hidden="true" data-icon="discord" className="icon size-5" />
      {!discordSignIn
        ? SIGN_IN_MESSAGES.notConfigured
        : state.status === 'connecting'
          ? 'Waiting for Discord...'
          : state.status === 'success'
            ? 'Signed in! Redirecting...'
            : 'Continue with Discord'}
    </Button>
  )
}

/** The card on /login: Discord sign-in through a popup, and the way in for administrators. */
export function DiscordSignInCard() {
  const { state, start, dismiss } = useDiscordSignIn()

  if (state.status === 'account-linking-required') {
    return (
      <Card
        className="w-full max-w-md text-center"
        role="alertdialog"
        aria-labelledby="linking-title"
      >
        <h1 id="linking-title" className="font-display text-2xl font-bold">
          Account Already Exists
        </h1>
        <p className="mt-3 text-muted-foreground">{state.message}</p>
        <Button className="mt-6 w-full" onClick={dismiss} autoFocus>
          Got it
        </Button>
      </Card>
    )
  }

  return (
    <Card className="w-full max-w-md text-center">
      <p className="text-sm font-medium tracking-wide text-primary uppercase">Join Our Community</p>
      <h1 className="mt-2 font-display text-2xl font-bold">Join the Discord Community</h1>
      <p className="mt-2 text-muted-foreground">
        Sign in with your Discord account to reach the members area, manage your profile and join
        the conversation.
      </p>
      <DiscordSignInButton state={state} start={start} className="mt-6 w-full" />
      <div aria-live="polite" className="min-h-0">
        {state.status === 'connecting' && (
          <p className="mt-3 text-sm text-muted-foreground">
            Finish signing in in the Discord window.
          </p>
        )}
        {state.status === 'error' && (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-error/40 bg-error/10 px-3 py-2 text-sm text-error"
          >
            {state.message}
          </p>
        )}
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        Administrator?{' '}
        <SiteLink to="/admin/login" className="font-medium text-primary hover:underline">
          login here
        </SiteLink>
      </p>
    </Card>
  )
}
