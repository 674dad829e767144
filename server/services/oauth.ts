import { createDiscordMembership } from './oauth/membership.ts'
import { createDiscordSignIn, type OauthDeps } from './oauth/sign-in.ts'
import { createDiscordTokens } from './oauth/tokens.ts'

export { DISCORD_STATUS_TTL_MS, toIsoUtc } from './oauth/membership.ts'
export {
  type CallbackOutcome,
  type CallbackQuery,
  LINKED_REDIRECT,
  linkErrorRedirect,
  OAUTH_AUTHORIZE_RATE,
  OAUTH_CALLBACK_PATH,
  OAUTH_TEMP_TOKEN_TTL_MS,
  type OauthDeps,
  type OauthPurpose,
} from './oauth/sign-in.ts'

/**
 * Discord for members: signing in and linking (oauth/sign-in.ts), whether they are in the
 * community's server (oauth/membership.ts), and the tokens both use (oauth/tokens.ts).
 */
export function createOauthService(deps: OauthDeps) {
  const discord = { ...deps.config.discord, budget: deps.upstreams.of('discord-oauth') }
  const tokens = createDiscordTokens({ ...deps, discord })
  const signIn = createDiscordSignIn({ ...deps, tokens, discord })
  const membership = createDiscordMembership({ ...deps, tokens, discord })
  return {
    get signInEnabled(): boolean {
      return signIn.signInEnabled
    },
    beginAuthorization: signIn.beginAuthorization,
    completeCallback: signIn.completeCallback,
    establishSession: signIn.establishSession,
    listAccounts: signIn.listAccounts,
    discordStatus: membership.discordStatus,
  }
}

export type OauthService = ReturnType<typeof createOauthService>
