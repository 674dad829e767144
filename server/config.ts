import { DELIVERY_RETRY_DELAYS_MS } from '../contracts/newsletter-constants.ts'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Features } from '../contracts/features.ts'
import type { InvoiceIssuer } from '../contracts/invoice-constants.ts'

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

/** NASA, Sky & Telescope, Space.com, ESA Space Science and Universe Today. */
const DEFAULT_NEWS_FEEDS = [
  'https://www.nasa.gov/news-release/feed/',
  'https://skyandtelescope.org/feed/',
  'https://www.space.com/feeds/all',
  'https://www.esa.int/rssfeed/Our_Activities/Space_Science',
  'https://www.universetoday.com/feed/',
]

/** A whole number of `unit` from `min` to `max`, with messages that name the variable. */
function wholeNumber(name: string, unit: string, min: number, max: number, fallback: number) {
  return z.coerce
    .number({ error: `${name} must be a number of ${unit}` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max}` })
    .default(fallback)
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(
    z.url({ message: 'PUBLIC_URL must be a full URL such as https://example.org' }).optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  STORAGE_URL: optionalString,
  STORAGE_PUBLIC_URL: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        message: 'STORAGE_PUBLIC_URL must be a full URL such as https://cdn.example.org/uploads',
      })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, { message: 'SESSION_SECRET must be at least 32 characters' }).optional(),
  ),
  // How many reverse proxies stand in front: the client is that many hops from the right of
  // X-Forwarded-For. `true` means one, `false` none.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v) => (v === '' || v === 'false' ? 0 : v === 'true' ? 1 : Number(v)))
    .pipe(
      z
        .number({ error: 'TRUST_PROXY must be false, true or the number of proxies in front' })
        .int({ error: 'TRUST_PROXY must be false, true or the number of proxies in front' })
        .min(0)
        .max(10),
    ),
  ADMIN_EMAIL: optionalString.pipe(
    z.email({ message: 'ADMIN_EMAIL must be an e-mail address' }).optional(),
  ),
  ADMIN_PASSWORD: optionalString.pipe(
    z.string().min(8, { message: 'ADMIN_PASSWORD must be at least 8 characters' }).optional(),
  ),
  SITE_NAME: z.string().min(1).default('Astro Cosmos'),
  SITE_DESCRIPTION: z
    .string()
    .default('Astronomy and space: the Cosmic Log blog, sky data, galleries and live radio.'),
  YOUTUBE_CHANNEL_ID: optionalString.pipe(
    z
      .string()
      .regex(/^UC[\w-]{22}$/, {
        message: 'YOUTUBE_CHANNEL_ID must look like UC followed by 22 characters',
      })
      .optional(),
  ),
  YOUTUBE_API_URL: z.url().default('https://www.googleapis.com/youtube/v3'),
  YOUTUBE_API_KEY: optionalString,
  YOUTUBE_FEED_URL: z.url().default('https://www.youtube.com/feeds/videos.xml'),
  DISCORD_BOT_TOKEN: optionalString,
  DISCORD_GALLERY_CHANNEL_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{17,20}$/, { message: 'DISCORD_GALLERY_CHANNEL_ID must be a Discord channel ID' })
      .optional(),
  ),
  AZURACAST_URL: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        message: 'AZURACAST_URL must be the AzuraCast address, e.g. https://radio.example.org',
      })
      .optional(),
  ),
  AZURACAST_STATION: z
    .string()
    .trim()
    .regex(/^[\w-]{1,64}$/, { message: 'AZURACAST_STATION must be the station shortcode or id' })
    .default('1'),
  RADIO_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  MEDIA_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  DISCORD_INVITE_URL: optionalString.pipe(z.url().optional()),
  MERCH_URL: optionalString.pipe(z.url().optional()),
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  DISCORD_GUILD_ID: optionalString,
  DISCORD_OAUTH_AUTHORIZE_URL: z.url().default('https://discord.com/oauth2/authorize'),
  DISCORD_API_URL: z.url().default('https://discord.com/api'),
  ANALYTICS_PROVIDER: z.enum(['none', 'plausible', 'ga4']).default('none'),
  PLAUSIBLE_DOMAIN: optionalString,
  PLAUSIBLE_SCRIPT_URL: z.url().default('https://plausible.io/js/script.manual.js'),
  GA4_MEASUREMENT_ID: optionalString,
  ADS_TXT: optionalString,
  SITE_VERIFICATION_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9._-]+$/, { message: 'SITE_VERIFICATION_PATH must look like /name.txt' })
    .default('/site-verification.txt'),
  SITE_VERIFICATION_LINE: optionalString,
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  // Memory for the visitor page cache (compressed pages); 0 turns it off.
  PAGE_CACHE_MB: z.coerce
    .number({ error: 'PAGE_CACHE_MB must be a number of megabytes (0 turns the cache off)' })
    .int({ error: 'PAGE_CACHE_MB must be a whole number of megabytes' })
    .min(0, { error: 'PAGE_CACHE_MB must be 0 or more' })
    .max(1024, { error: 'PAGE_CACHE_MB must be at most 1024' })
    .default(32),
  // Connections open at once; more are closed as they arrive.
  MAX_CONNECTIONS: wholeNumber('MAX_CONNECTIONS', 'connections', 16, 65_536, 4096),
  // Connections one client address may hold open (0: no per-client limit; ignored behind
  // TRUST_PROXY, where every connection comes from the proxy).
  MAX_CONNECTIONS_PER_CLIENT: wholeNumber(
    'MAX_CONNECTIONS_PER_CLIENT',
    'connections',
    0,
    65_536,
    128,
  ),
  // Pages rendered at once, and how many more may wait for a turn (ADR 016).
  MAX_RENDERS: wholeNumber('MAX_RENDERS', 'renders', 1, 256, 8),
  RENDER_QUEUE: wholeNumber('RENDER_QUEUE', 'requests', 0, 10_000, 64),
  // A request body not received whole by then is answered 408.
  BODY_READ_TIMEOUT_MS: wholeNumber('BODY_READ_TIMEOUT_MS', 'milliseconds', 1000, 120_000, 10_000),
  // Load shedding: expensive requests are answered 503 while memory is past any of these.
  SHED_HEAP_PERCENT: wholeNumber('SHED_HEAP_PERCENT', 'percent', 10, 95, 80),
  SHED_LIVE_MB: wholeNumber('SHED_LIVE_MB', 'megabytes', 32, 65_536, 256),
  SHED_RSS_MB: wholeNumber('SHED_RSS_MB', 'megabytes', 64, 65_536, 512),
  // Requests a minute from one address (an IPv6 /64) to each public endpoint that can make the
  // server call an upstream (Discord, YouTube, AzuraCast, the sky sources); past it, 429.
  UPSTREAM_RATE_LIMIT_PER_MINUTE: wholeNumber(
    'UPSTREAM_RATE_LIMIT_PER_MINUTE',
    'requests',
    1,
    100_000,
    120,
  ),
  SWPC_URL: z.url().default('https://services.swpc.noaa.gov'),
  NASA_API_URL: z.url().default('https://api.nasa.gov'),
  NASA_API_KEY: z.string().trim().min(1).default('DEMO_KEY'),
  APOD_PAGE_URL: z.url().default('https://apod.nasa.gov/apod'),
  NEWS_FEEDS: z
    .string()
    .default(DEFAULT_NEWS_FEEDS.join(','))
    .transform((v) =>
      (v.trim() === '' ? DEFAULT_NEWS_FEEDS.join(',') : v)
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => {
          const named = /^([^=]+?)\s*=\s*(https?:\/\/.+)$/.exec(entry)
          return named ? { name: named[1]!.trim(), url: named[2]! } : { name: null, url: entry }
        }),
    )
    .pipe(
      z
        .array(
          z.object({
            name: z.string().nullable(),
            url: z.url({
              protocol: /^https?$/,
              message: 'NEWS_FEEDS must be a comma-separated list of feed URLs',
            }),
          }),
        )
        .min(1, { message: 'NEWS_FEEDS must name at least one feed' }),
    ),
  SKY_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(8000),
  SKY_DEFAULT_PLACE: z
    .string()
    .default('Greenwich=51.4769,-0.0005')
    .transform((v) => /^\s*([^=]+?)\s*=\s*([-+]?[\d.]+)\s*,\s*([-+]?[\d.]+)\s*$/.exec(v))
    .pipe(
      z
        .custom<RegExpExecArray>((m) => m !== null, {
          message: 'SKY_DEFAULT_PLACE must be Name=latitude,longitude',
        })
        .transform((m) => ({ name: m[1]!, lat: Number(m[2]), lon: Number(m[3]) }))
        .refine((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180, {
          message: 'SKY_DEFAULT_PLACE must be Name=latitude,longitude',
        }),
    ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'SMTP_URL must look like smtp://user:pass@host:587' })
      .optional(),
  ),
  CONTACT_TO: optionalString.pipe(
    z.email({ message: 'CONTACT_TO must be an e-mail address' }).optional(),
  ),
  MAIL_FROM: optionalString,
  // Contact messages older than this many days are deleted by a daily job (the privacy page's promise).
  CONTACT_RETENTION_DAYS: z.coerce
    .number({ message: 'CONTACT_RETENTION_DAYS must be a whole number of days' })
    .int({ message: 'CONTACT_RETENTION_DAYS must be a whole number of days' })
    .min(1, { message: 'CONTACT_RETENTION_DAYS must be at least 1' })
    .max(36_500, { message: 'CONTACT_RETENTION_DAYS must be at most 36500' })
    .default(365),
  // The site's own time zone: the weekly digest's day and hour are read in it.
  SITE_TIME_ZONE: z
    .string()
    .trim()
    .default('UTC')
    .refine((zone) => isTimeZone(zone), {
      message: 'SITE_TIME_ZONE must be an IANA time zone such as Europe/London',
    }),
  // Newsletter mails handed to the SMTP server a minute, at most (0: as fast as it takes them).
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  // How often the outbox is checked for due deliveries, in seconds (a queued send also wakes it).
  NEWSLETTER_POLL_S: z.coerce.number().min(0.05).max(3600).default(10),
  // How often the aurora alerts' check reads the Kp forecast, in seconds.
  AURORA_CHECK_INTERVAL_S: z.coerce.number().min(1).max(86_400).default(900),
  // A Discord webhook (channel settings → Integrations) told of each storm, at most every 6 hours.
  DISCORD_ALERTS_WEBHOOK_URL: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        message: 'DISCORD_ALERTS_WEBHOOK_URL must be a Discord webhook URL (https://…)',
      })
      .optional(),
  ),
  // Tests only (honoured with NODE_ENV=test): the retry delays of DELIVERY_RETRY_DELAYS_MS,
  // shortened so a test sees a delivery retried and failed in seconds. Comma-separated ms.
  NEWSLETTER_TEST_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,9}$/, 'NEWSLETTER_TEST_RETRY_DELAYS_MS: comma-separated ms')
    .optional(),
  // When the weekly digest goes out, in SITE_TIME_ZONE: a weekday and a 24-hour time.
  NEWSLETTER_DIGEST_AT: z
    .string()
    .trim()
    .default('Sun 08:00')
    .transform((v, ctx) => {
      const parsed = parseWeeklyTime(v)
      if (!parsed) {
        ctx.addIssue({
          code: 'custom',
          message: 'NEWSLETTER_DIGEST_AT must be a weekday and a time, such as Sun 08:00',
        })
        return z.NEVER
      }
      return parsed
    }),
  BACKUP_SCHEDULE: z
    .enum(['off', 'daily'], { error: 'BACKUP_SCHEDULE must be off or daily' })
    .default('off'),
  BACKUP_KEEP: wholeNumber('BACKUP_KEEP', 'backups', 1, 365, 14),
  BACKUP_DIR: optionalString,
  BACKUP_S3_PREFIX: optionalString,
  INVOICE_FROM_NAME: optionalString,
  // Line breaks as real ones or as \n.
  INVOICE_FROM_ADDRESS: optionalString.transform((v) => v?.replace(/\\n/g, '\n')),
  INVOICE_FROM_EMAIL: optionalString.pipe(
    z.email({ message: 'INVOICE_FROM_EMAIL must be an e-mail address' }).optional(),
  ),
})

export type Env = z.input<typeof EnvSchema>

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  publicUrl: string | undefined
  dataDir: string
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string }
  /** Uploads: under DATA_DIR/uploads (default), or in an S3-compatible bucket (STORAGE_URL). */
  storage: StorageConfig
  sessionSecret: string
  secureCookies: boolean
  /** Reverse proxies in front of the app (0: the socket address is the client). */
  trustProxy: number
  admin: { email: string; password: string | undefined }
  siteName: string
  siteDescription: string
  youtubeChannelId: string | undefined
  discordInviteUrl: string | undefined
  /** The merch shop; without it the home page's merch card leads to /merch. */
  merchUrl: string | undefined
  discord: {
    /** Sign-in with Discord; null when DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET are not set. */
    oauth: { clientId: string; clientSecret: string } | null
    /** The community server whose membership the profile page shows. */
    guildId: string | undefined
    authorizeUrl: string
    apiUrl: string
  }
  analytics:
    | { provider: 'none' }
    | { provider: 'plausible'; domain: string | undefined; scriptUrl: string }
    | { provider: 'ga4'; measurementId: string }
  adsTxt: string | undefined
  siteVerification: { path: string; line: string | undefined }
  logLevel: 'silent' | 'error' | 'info'
  /** Bytes the visitor page cache may hold; 0 when it is off. */
  pageCacheBytes: number
  /** Open connections at once (MAX_CONNECTIONS); more are closed as they arrive. */
  maxConnections: number
  /** Open connections per client address (0: unlimited). */
  maxConnectionsPerClient: number
  /** What one request may make the server do, and when it sheds load (ADR 016). */
  load: {
    maxRenders: number
    renderQueue: number
    bodyReadTimeoutMs: number
    shed: { heapPercent: number; liveMb: number; rssMb: number }
  }
  /** Requests a minute per address to each endpoint that can reach an upstream. */
  upstreamRateLimitPerMinute: number
  /** Moon phase, solar weather, picture of the day and news: upstream addresses and timeout. */
  sky: {
    swpcUrl: string
    nasaApiUrl: string
    nasaApiKey: string
    apodPageUrl: string
    /** A feed may be given a badge name: `Space.com=https://www.space.com/feeds/all`. */
    newsFeeds: Array<{ name: string | null; url: string }>
    upstreamTimeoutMs: number
    /** /tonight's place when none is chosen or saved (SKY_DEFAULT_PLACE). */
    defaultPlace: { name: string; lat: number; lon: number }
  }
  mail: { smtpUrl: string | undefined; from: string; contactTo: string | undefined }
  /** Days a contact message is kept (CONTACT_RETENTION_DAYS); older ones are deleted daily. */
  contactRetentionDays: number
  /** The site's time zone (SITE_TIME_ZONE, IANA). */
  timeZone: string
  newsletter: {
    /** Messages a minute handed to SMTP; 0 is unlimited. */
    ratePerMinute: number
    pollMs: number
    /** The weekly digest: day (0 Sunday … 6 Saturday) and minutes after midnight, site time. */
    digestAt: WeeklyTime
    /** Waits before each retry (DELIVERY_RETRY_DELAYS_MS; shorter only in tests). */
    retryDelaysMs: readonly number[]
  }
  /** Aurora alerts: how often the Kp is checked, and the creator's Discord channel for storms. */
  aurora: { checkIntervalMs: number; discordWebhookUrl: string | undefined }
  /** Scheduled backups (BACKUP_*): off by default; where they go and how many are kept. */
  backup: BackupConfig
  /** Who the invoices come from (INVOICE_FROM_*), by default SITE_NAME and MAIL_FROM's address. */
  invoiceIssuer: InvoiceIssuer
  /** The live radio: an AzuraCast station (none when AZURACAST_URL is unset). */
  radio: { azuracastUrl: string | undefined; station: string; timeoutMs: number }
  /** YouTube video sync and channel stats; without an API key the channel feed is read. */
  youtube: { apiUrl: string; apiKey: string | undefined; feedUrl: string; timeoutMs: number }
  /** The Discord community: widget (DISCORD_GUILD_ID) and the gallery channel read by the bot. */
  discordCommunity: {
    botToken: string | undefined
    galleryChannelId: string | undefined
    timeoutMs: number
  }
}

export class ConfigError extends Error {}

export interface BackupConfig {
  schedule: 'off' | 'daily'
  /** Successful scheduled backups kept; older ones are deleted. */
  keep: number
  /** A folder (BACKUP_DIR, by default DATA_DIR/backups) or a prefix in the storage's bucket. */
  target: { kind: 'disk'; dir: string } | { kind: 's3'; prefix: string; location: S3Location }
}

/**
 * Where scheduled backups go. Never among what a backup archives: not in the uploads' folders on
 * disk, and in the bucket outside the storage's prefix (a backup lists every key under it).
 */
export function parseBackupConfig(
  env: {
    BACKUP_SCHEDULE: 'off' | 'daily'
    BACKUP_KEEP: number
    BACKUP_DIR?: string | undefined
    BACKUP_S3_PREFIX?: string | undefined
  },
  dataDir: string,
  storage: StorageConfig,
): BackupConfig {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${message}`)
  }
  const base = { schedule: env.BACKUP_SCHEDULE, keep: env.BACKUP_KEEP }
  if (env.BACKUP_DIR && env.BACKUP_S3_PREFIX)
    fail('BACKUP_DIR and BACKUP_S3_PREFIX: set one of them (a folder or a prefix in the bucket)')
  if (env.BACKUP_S3_PREFIX) {
    const prefix = env.BACKUP_S3_PREFIX.replace(/^\/+|\/+$/g, '')
    if (storage.kind !== 's3')
      return fail('BACKUP_S3_PREFIX: needs STORAGE_URL=s3://… (backups go to the same bucket)')
    if (!PREFIX_PATTERN.test(prefix))
      fail('BACKUP_S3_PREFIX: may hold only letters, digits, _, - and /')
    if (!storage.prefix || prefix === storage.prefix || prefix.startsWith(`${storage.prefix}/`))
      fail(
        "BACKUP_S3_PREFIX: must be outside STORAGE_URL's prefix (give STORAGE_URL a prefix, e.g. s3://bucket/uploads, and use another one for backups), or each backup would archive the ones before it",
      )
    const { publicBaseUrl: _unused, kind: _kind, ...location } = storage
    return { ...base, target: { kind: 's3', prefix, location } }
  }
  const dir = path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups'))
  for (const archived of [path.join(dataDir, 'uploads'), path.join(dataDir, 'private')]) {
    if (dir === archived || dir.startsWith(archived + path.sep))
      fail(`BACKUP_DIR: must not be inside ${archived}, whose files every backup archives`)
  }
  return { ...base, target: { kind: 'disk', dir } }
}

/** Where the objects live: any S3-compatible store (AWS, MinIO, Garage, Cloudflare R2 …). */
export interface S3Location {
  bucket: string
  /** Prepended to every key (`site-a/avatars/…`), so several sites can share a bucket. */
  prefix: string
  /** The store's address; unset for AWS itself. */
  endpoint: string | undefined
  region: string
  /** `{endpoint}/{bucket}/{key}` rather than `{bucket}.{endpoint}/{key}`. */
  forcePathStyle: boolean
  /** Unset: the SDK's own chain (AWS_* variables, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined
}

export type StorageConfig = {
  /** Where browsers load uploads from (a CDN, the bucket's public address); unset: /uploads. */
  publicBaseUrl: string | undefined
} & ({ kind: 'disk' } | ({ kind: 's3' } & S3Location))

const STORAGE_URL_FORM = 's3://bucket[/prefix]?endpoint=https://…&region=…'
/** S3's bucket naming rules (lower case, digits, dots and hyphens, 3–63 characters). */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const PREFIX_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/
const STORAGE_PARAMETERS = new Set(['endpoint', 'region', 'pathStyle'])

/** STORAGE_URL and its companions, as the storage adapter needs them; unset means disk. */
export function parseStorageConfig(env: {
  STORAGE_URL?: string | undefined
  STORAGE_PUBLIC_URL?: string | undefined
  S3_ACCESS_KEY_ID?: string | undefined
  S3_SECRET_ACCESS_KEY?: string | undefined
}): StorageConfig {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${message}`)
  }
  const publicBaseUrl = env.STORAGE_PUBLIC_URL?.replace(/\/+$/, '')
  if (!env.STORAGE_URL || env.STORAGE_URL === 'disk') return { kind: 'disk', publicBaseUrl }
  if (!env.STORAGE_URL.startsWith('s3://')) {
    return fail(`STORAGE_URL: use ${STORAGE_URL_FORM}, or leave it unset for files under DATA_DIR`)
  }
  let url: URL
  try {
    url = new URL(env.STORAGE_URL)
  } catch {
    return fail(`STORAGE_URL: not a URL; use ${STORAGE_URL_FORM}`)
  }
  if (url.username || url.password) {
    fail('STORAGE_URL: put the keys in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, not in the URL')
  }
  const bucket = url.hostname
  if (!BUCKET_PATTERN.test(bucket)) {
    fail(`STORAGE_URL: "${bucket}" is not a bucket name (3–63 lower-case letters, digits, . and -)`)
  }
  // From the text itself: URL parsing would quietly resolve "a/../b" to "b".
  const rawPath = /^s3:\/\/[^/?#]*([^?#]*)/.exec(env.STORAGE_URL)?.[1] ?? ''
  const prefix = rawPath.replace(/^\/+|\/+$/g, '')
  if (prefix && !PREFIX_PATTERN.test(prefix)) {
    fail('STORAGE_URL: the prefix after the bucket may hold only letters, digits, _, - and /')
  }
  for (const name of url.searchParams.keys()) {
    if (!STORAGE_PARAMETERS.has(name)) {
      fail(`STORAGE_URL: unknown parameter "${name}" (use endpoint, region and pathStyle)`)
    }
  }
  const endpoint = url.searchParams.get('endpoint')?.replace(/\/+$/, '') || undefined
  if (endpoint && !/^https?:\/\/[^/?#]+$/.test(endpoint)) {
    fail("STORAGE_URL: endpoint must be the store's address, e.g. http://127.0.0.1:9000")
  }
  const region = url.searchParams.get('region') || 'us-east-1'
  if (!/^[a-z0-9-]{2,32}$/.test(region)) {
    fail('STORAGE_URL: region must look like us-east-1 (R2: auto)')
  }
  const pathStyle = url.searchParams.get('pathStyle') ?? 'true'
  if (pathStyle !== 'true' && pathStyle !== 'false') {
    fail('STORAGE_URL: pathStyle must be true (the default) or false')
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    fail('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS_* chain')
  }
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint,
    region,
    forcePathStyle: pathStyle === 'true',
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicBaseUrl,
  }
}

/** What the browser may see of the configuration: nothing secret goes here. */
export interface PublicConfig {
  siteName: string
  youtubeChannelId: string | null
  discordInviteUrl: string | null
  merchUrl: string | null
  discordSignIn: boolean
  analytics: Config['analytics']
  /** The optional integrations that are set up: the others are neither shown nor fetched. */
  features: Features
}

/** What each service checks before it calls its upstream, in one place for the browser. */
export function featuresOf(config: Config): Features {
  return {
    radio: config.radio.azuracastUrl !== undefined,
    discordWidget: config.discord.guildId !== undefined,
    communityGallery:
      config.discordCommunity.botToken !== undefined &&
      config.discordCommunity.galleryChannelId !== undefined,
    channelStats: config.youtubeChannelId !== undefined && config.youtube.apiKey !== undefined,
    newsletter: config.mail.smtpUrl !== undefined,
  }
}

export function getPublicConfig(config: Config): PublicConfig {
  return {
    siteName: config.siteName,
    youtubeChannelId: config.youtubeChannelId ?? null,
    discordInviteUrl: config.discordInviteUrl ?? null,
    merchUrl: config.merchUrl ?? null,
    discordSignIn: config.discord.oauth !== null,
    analytics: config.analytics,
    features: featuresOf(config),
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(e.DATA_DIR)

  let database: Config['database']
  if (!e.DATABASE_URL) {
    database = { dialect: 'sqlite', file: path.join(dataDir, 'site.db') }
  } else if (/^postgres(ql)?:\/\//.test(e.DATABASE_URL)) {
    database = { dialect: 'postgres', url: e.DATABASE_URL }
  } else if (e.DATABASE_URL.startsWith('file:') || e.DATABASE_URL.endsWith('.db')) {
    database = { dialect: 'sqlite', file: path.resolve(e.DATABASE_URL.replace(/^file:/, '')) }
  } else {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: use postgres://… for PostgreSQL or file:path/to/site.db for SQLite',
    )
  }

  let analytics: Config['analytics'] = { provider: 'none' }
  if (e.ANALYTICS_PROVIDER === 'plausible') {
    analytics = {
      provider: 'plausible',
      domain: e.PLAUSIBLE_DOMAIN,
      scriptUrl: e.PLAUSIBLE_SCRIPT_URL,
    }
  } else if (e.ANALYTICS_PROVIDER === 'ga4') {
    if (!e.GA4_MEASUREMENT_ID) {
      throw new ConfigError(
        'Invalid configuration:\n  GA4_MEASUREMENT_ID: required when ANALYTICS_PROVIDER=ga4',
      )
    }
    analytics = { provider: 'ga4', measurementId: e.GA4_MEASUREMENT_ID }
  }

  if (Boolean(e.DISCORD_CLIENT_ID) !== Boolean(e.DISCORD_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET: set both for Discord sign-in, or neither',
    )
  }

  const storage = parseStorageConfig(e)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    database,
    storage,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    trustProxy: e.TRUST_PROXY,
    admin: {
      email: (e.ADMIN_EMAIL ?? 'admin@example.com').toLowerCase(),
      password: e.ADMIN_PASSWORD,
    },
    siteName: e.SITE_NAME,
    siteDescription: e.SITE_DESCRIPTION,
    youtubeChannelId: e.YOUTUBE_CHANNEL_ID,
    discordInviteUrl: e.DISCORD_INVITE_URL,
    merchUrl: e.MERCH_URL,
    discord: {
      oauth:
        e.DISCORD_CLIENT_ID && e.DISCORD_CLIENT_SECRET
          ? { clientId: e.DISCORD_CLIENT_ID, clientSecret: e.DISCORD_CLIENT_SECRET }
          : null,
      guildId: e.DISCORD_GUILD_ID,
      authorizeUrl: e.DISCORD_OAUTH_AUTHORIZE_URL,
      apiUrl: e.DISCORD_API_URL.replace(/\/$/, ''),
    },
    analytics,
    adsTxt: e.ADS_TXT,
    siteVerification: { path: e.SITE_VERIFICATION_PATH, line: e.SITE_VERIFICATION_LINE },
    logLevel: e.LOG_LEVEL,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    maxConnections: e.MAX_CONNECTIONS,
    maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT,
    load: {
      maxRenders: e.MAX_RENDERS,
      renderQueue: e.RENDER_QUEUE,
      bodyReadTimeoutMs: e.BODY_READ_TIMEOUT_MS,
      shed: { heapPercent: e.SHED_HEAP_PERCENT, liveMb: e.SHED_LIVE_MB, rssMb: e.SHED_RSS_MB },
    },
    upstreamRateLimitPerMinute: e.UPSTREAM_RATE_LIMIT_PER_MINUTE,
    sky: {
      swpcUrl: e.SWPC_URL.replace(/\/$/, ''),
      nasaApiUrl: e.NASA_API_URL.replace(/\/$/, ''),
      nasaApiKey: e.NASA_API_KEY,
      apodPageUrl: e.APOD_PAGE_URL.replace(/\/$/, ''),
      newsFeeds: e.NEWS_FEEDS,
      upstreamTimeoutMs: e.SKY_UPSTREAM_TIMEOUT_MS,
      defaultPlace: e.SKY_DEFAULT_PLACE,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from:
        e.MAIL_FROM ??
        `"${e.SITE_NAME}" <no-reply@${e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost'}>`,
      contactTo: e.CONTACT_TO,
    },
    contactRetentionDays: e.CONTACT_RETENTION_DAYS,
    timeZone: e.SITE_TIME_ZONE,
    newsletter: {
      ratePerMinute: e.NEWSLETTER_RATE_PER_MINUTE,
      pollMs: Math.round(e.NEWSLETTER_POLL_S * 1000),
      digestAt: e.NEWSLETTER_DIGEST_AT,
      retryDelaysMs:
        e.NODE_ENV === 'test' && e.NEWSLETTER_TEST_RETRY_DELAYS_MS
          ? e.NEWSLETTER_TEST_RETRY_DELAYS_MS.split(',').map(Number)
          : DELIVERY_RETRY_DELAYS_MS,
    },
    aurora: {
      checkIntervalMs: Math.round(e.AURORA_CHECK_INTERVAL_S * 1000),
      discordWebhookUrl: e.DISCORD_ALERTS_WEBHOOK_URL,
    },
    backup: parseBackupConfig(e, dataDir, storage),
    invoiceIssuer: {
      name: e.INVOICE_FROM_NAME ?? e.SITE_NAME,
      address: e.INVOICE_FROM_ADDRESS ?? null,
      email: e.INVOICE_FROM_EMAIL ?? addressOf(e.MAIL_FROM),
    },
    radio: {
      azuracastUrl: e.AZURACAST_URL?.replace(/\/$/, ''),
      station: e.AZURACAST_STATION,
      timeoutMs: e.RADIO_UPSTREAM_TIMEOUT_MS,
    },
    youtube: {
      apiUrl: e.YOUTUBE_API_URL.replace(/\/$/, ''),
      apiKey: e.YOUTUBE_API_KEY,
      feedUrl: e.YOUTUBE_FEED_URL,
      timeoutMs: e.MEDIA_UPSTREAM_TIMEOUT_MS,
    },
    discordCommunity: {
      botToken: e.DISCORD_BOT_TOKEN,
      galleryChannelId: e.DISCORD_GALLERY_CHANNEL_ID,
      timeoutMs: e.MEDIA_UPSTREAM_TIMEOUT_MS,
    },
  }
}

export interface WeeklyTime {
  /** 0 Sunday … 6 Saturday */
  day: number
  /** Minutes after midnight. */
  minute: number
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

/** `Sun 08:00`, `sunday 8:00`, `Mon 19:30` → {day, minute}; null when it is not one. */
export function parseWeeklyTime(value: string): WeeklyTime | null {
  const match = /^([a-z]{3})[a-z]*\s+(\d{1,2}):(\d{2})$/i.exec(value.trim())
  if (!match) return null
  const day = WEEKDAYS.indexOf(match[1]!.toLowerCase())
  const hour = Number(match[2])
  const minute = Number(match[3])
  if (day < 0 || hour > 23 || minute > 59) return null
  return { day, minute: hour * 60 + minute }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The address of a From line: `"Astro Cosmos" <no-reply@astro.example>` → no-reply@astro.example. */
function addressOf(from: string | undefined): string | null {
  const address = from && (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim()
  return address && z.email().safeParse(address).success ? address : null
}

/** SESSION_SECRET may be left unset: one is generated on first start and kept beside the data. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret')
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch {
    // first start: fall through and create it
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  chmodSync(file, 0o600)
  return secret
}
