/**
 * The optional integrations a site may leave unset (no AzuraCast station, no Discord server, no
 * YouTube API key). The browser is told which are set up and neither shows nor fetches the
 * others; their endpoints answer NOT_CONFIGURED with 200, so nothing logs an error for them.
 */
export interface Features {
  /** The radio: the mini player on every page and /music (AZURACAST_URL). */
  radio: boolean
  /** The home page's Discord widget (DISCORD_GUILD_ID). */
  discordWidget: boolean
  /** The community gallery (DISCORD_BOT_TOKEN and DISCORD_GALLERY_CHANNEL_ID). */
  communityGallery: boolean
  /** The home page's YouTube statistics (YOUTUBE_CHANNEL_ID and YOUTUBE_API_KEY). */
  channelStats: boolean
  /** E-mail to subscribers (SMTP_URL): the subscribe forms and the profile's e-mail section. */
  newsletter: boolean
}

export interface NotConfigured {
  configured: false
}

export const NOT_CONFIGURED: NotConfigured = { configured: false }

export function isNotConfigured(body: unknown): body is NotConfigured {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { configured?: unknown }).configured === false
  )
}
