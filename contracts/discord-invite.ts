/** The content page whose text /discord-invite shows above the server (channels, rules). */
export const DISCORD_INVITE_PAGE_SLUG = 'discord-invite'

/**
 * Content pages that a members' page shows in place of its own text: they may take their page's
 * slug (otherwise reserved), and only signed-in readers get them.
 */
export const MEMBER_PAGE_SLUGS: ReadonlySet<string> = new Set([DISCORD_INVITE_PAGE_SLUG])

/** Where the member stands with the community's Discord server. */
export type DiscordMembership =
  | { state: 'member'; joinedAt: string | null }
  | { state: 'not_member' }
  /** The member has no Discord account linked to their account here. */
  | { state: 'not_linked' }
  /** Discord is not configured for lookups, or did not answer. */
  | { state: 'unknown' }

export interface DiscordInvite {
  /** The creator's text from the content page `discord-invite` (sanitized HTML), when published. */
  intro: { title: string; content: string } | null
  /** From the server's widget; null when Discord is not configured or cannot be reached. */
  server: { name: string; onlineCount: number } | null
  /** Why `server` is null. */
  serverProblem: 'not_configured' | 'unavailable' | null
  /** The widget's invite, else the site's DISCORD_INVITE_URL, else null. */
  inviteUrl: string | null
  membership: DiscordMembership
}

export const DISCORD_INVITE_MESSAGES = {
  notConfigured: 'The Discord server is not set up on this site yet.',
  unavailable:
    'Discord is not answering right now, so the server’s details cannot be shown. Try again in a few minutes.',
  member: 'You are in the server since',
  memberNoDate: 'You are in the server.',
  notMember: 'You are not in the server yet.',
  notLinked:
    'Your account has no Discord account linked, so we cannot tell whether you are in the server.',
  unknown: 'We could not check whether you are in the server.',
  noInvite: 'There is no invitation link yet.',
} as const
