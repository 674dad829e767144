import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { Role } from '../../contracts/common-constants.ts'
import type { ActivityAction, ActivityKind } from '../../contracts/activity.ts'

/** Every timestamp is an ISO-8601 UTC string set by the application; booleans are 0/1 integers. */
export interface UsersTable {
  id: Generated<number>
  email: string
  display_name: string
  role: Role
  avatar_url: string | null
  password_hash: string | null
  created_at: string
  updated_at: string
}

export interface SessionsTable {
  /** HMAC of the cookie token: a leaked table row cannot be replayed as a cookie. */
  id: string
  user_id: number
  created_at: string
  expires_at: string
  ip: string | null
  user_agent: string | null
}

export interface OauthAccountsTable {
  id: Generated<number>
  user_id: number
  provider: string
  provider_user_id: string
  provider_email: string | null
  provider_username: string | null
  created_at: string
  /** The provider's access and refresh tokens, sealed with the session secret (server/auth/sealed.ts). */
  access_token: string | null
  refresh_token: string | null
  token_expires_at: string | null
  /** The cached Discord server-membership check: when, whether (0/1) and since when. */
  guild_checked_at: string | null
  guild_member: number | null
  guild_joined_at: string | null
  updated_at: string | null
}

export interface OauthStatesTable {
  /** HMAC of the `state` sent to the provider; the state itself is never stored. */
  id: string
  provider: string
  /** 'login' (the sign-in popup) or 'link' (connect to the signed-in account). */
  purpose: string
  user_id: number | null
  code_verifier: string
  redirect_uri: string
  created_at: string
  expires_at: string
}

export interface OauthTempTokensTable {
  /** HMAC of the one-time token the sign-in popup hands to the page. */
  id: string
  user_id: number
  created_at: string
  expires_at: string
}

export interface BlogPostsTable {
  id: string
  title: string
  slug: string
  content: string
  excerpt: string | null
  /** What a card shows: the excerpt, else the start of the content's text (server/db/blog-posts.ts). */
  card_excerpt: string
  featured_image_url: string | null
  /** JSON array of strings */
  tags: string
  status: string
  published_at: string | null
  /** public | members | early-access (contracts/blog-constants.ts POST_VISIBILITIES) */
  visibility: string
  /** When an early-access post opens to everyone (ISO UTC); null for any other visibility. */
  public_at: string | null
  /** 1: e-mail the post to the newsletter's subscribers when it becomes visible (once). */
  email_subscribers: Generated<number>
  author_id: number | null
  created_at: string
  updated_at: string
}

export interface FaqsTable {
  id: Generated<number>
  title: string
  content: string
  position: number
  last_updated: string | null
  created_at: string
}

export interface AnnouncementsTable {
  id: Generated<number>
  title: string
  content: string
  created_at: string
  updated_at: string
}

export interface PagesTable {
  id: string
  title: string
  slug: string
  content: string
  status: string
  meta_description: string | null
  published_at: string | null
  created_at: string
  updated_at: string
}

export interface RateLimitsTable {
  key: string
  count: number
  reset_at: string
}

export interface ContactMessagesTable {
  id: Generated<number>
  name: string
  email: string
  subject: string
  message: string
  ip: string | null
  user_agent: string | null
  created_at: string
  /** pending | sent | failed | not_configured */
  email_status: string
  email_attempts: number
  email_error: string | null
  emailed_at: string | null
  /** When an admin opened it in the inbox; null while unread. */
  read_at: string | null
  /** When an admin archived it; null while in the inbox. */
  archived_at: string | null
}

/** FTS5 table on SQLite, tsvector table on PostgreSQL: reached only through server/db/blog-posts.ts. */
export interface BlogPostsSearchTable {
  post_id: string
  document: string
}

/**
 * SQLite only: the stable integer rowids of the contentless FTS5 index, by post, with the post's
 * status and dates copied so a search filters and orders its matches without reading blog_posts.
 */
export interface BlogPostsSearchIdsTable {
  id: Generated<number>
  post_id: string
  status: string
  published_at: string | null
  created_at: string
}

export interface VideosTable {
  id: Generated<number>
  youtube_id: string
  channel_id: string
  title: string
  description: string | null
  thumbnail_url: string | null
  /** bigint: PostgreSQL hands it back as a string */
  view_count: number | string | null
  published_at: string
  duration: string | null
  /** none | live | upcoming | completed */
  live_state: string
  /** A scheduled live stream's start (ISO UTC); null for other videos. */
  scheduled_start_at: string | null
  created_at: string
  updated_at: string
}

export interface HeaderImagesTable {
  key: string
  name: string
  title: string
  description: string | null
  width: number
  height: number
  /** JSON array of {width, storageKey} */
  variants: string
  created_at: string
}

/** A member's home place for /tonight: one row per member. */
export interface UserHomePlacesTable {
  user_id: number
  home_place_name: string
  home_lat: number
  home_lon: number
  updated_at: string
}

export interface AuroraAlertsTable {
  user_id: number
  /** 0 | 1 */
  enabled: number
  lat: number
  lon: number
  place_name: string
  /** The member's own Kp threshold; null is default_threshold. */
  threshold: number | null
  default_threshold: number
  last_alert_at: string | null
  updated_at: string
}
export type AuroraAlertRow = Selectable<AuroraAlertsTable>

export interface AuroraDiscordPostsTable {
  id: Generated<number>
  posted_at: string
  kp: number
  window_start: string
  window_end: string
}

export interface ResourcesTable {
  id: Generated<number>
  title: string
  description: string | null
  /** The uploaded file's name, made safe; it names the download. */
  file_name: string
  /** Where the bytes are, under storage's private prefix. */
  storage_key: string
  content_type: string
  size: number
  download_count: Generated<number>
  created_at: string
  updated_at: string
}

export interface JobLeasesTable {
  name: string
  /** The job is due when now ≥ next_run_at and nobody holds an unexpired lock. */
  next_run_at: string
  locked_until: string | null
  locked_by: string | null
  last_started_at: string | null
  last_finished_at: string | null
  last_error: string | null
}

/**
 * An amount in the currency's minor unit: written as a bigint, read back as a number (SQLite
 * INTEGER) or a string (PostgreSQL bigint). Read it with BigInt().
 */
export type MinorUnits = ColumnType<number | string, bigint, bigint>

export interface InvoicesTable {
  id: Generated<number>
  /** INV-{year}-{0001}, from invoice_counters; never changes, never reused. */
  invoice_number: string
  client_name: string
  client_email: string
  client_address: string | null
  /** Calendar dates, YYYY-MM-DD. */
  invoice_date: string
  due_date: string
  payment_terms: string | null
  notes: string | null
  /** Exact decimal text, percent: "8.25". */
  tax_rate: string
  /** ISO 4217, upper case. */
  currency: string
  /** draft | sent | paid | overdue | cancelled */
  status: string
  subtotal_minor: MinorUnits
  tax_minor: MinorUnits
  total_minor: MinorUnits
  created_at: string
  updated_at: string
  created_by: number | null
  sent_at: string | null
  paid_at: string | null
  pdf_url: string | null
  stripe_payment_intent_id: string | null
}

export interface InvoiceItemsTable {
  id: Generated<number>
  invoice_id: number
  /** 0, 1, 2…: the order the items were entered in. */
  position: number
  description: string
  /** Exact decimal text: "1.5", "19.99". */
  quantity: string
  rate: string
  amount_minor: MinorUnits
}

export interface InvoiceCountersTable {
  year: number
  last_number: number
}

/** Who gets the newsletter: a member (user_id set) or a visitor who confirmed an address. */
export interface NewsletterSubscriptionsTable {
  id: Generated<number>
  /** Lower-cased. */
  email: string
  user_id: number | null
  /** Random, bound into the subscription's signed links (server/newsletter/tokens.ts). */
  token_key: string
  /** Preferences, 0/1. */
  posts: Generated<number>
  digest: Generated<number>
  alerts: Generated<number>
  confirmed_at: string | null
  confirmation_sent_at: string | null
  unsubscribed_at: string | null
  created_at: string
  updated_at: string
}

/** One send: a post to its audience, a weekly digest, an alert. */
export interface NewslettersTable {
  id: Generated<number>
  /** post | digest | alert (contracts/newsletter.ts NEWSLETTER_KINDS) */
  kind: string
  post_id: string | null
  /** all | members | email-only */
  audience: string
  /** Unique: what makes a send happen once (`post:<id>:members`, `digest:2026-11-29`). */
  dedupe_key: string
  subject: string
  /** queued | sending | sent */
  state: string
  recipient_count: Generated<number>
  created_at: string
  finished_at: string | null
  /** A one-recipient send's facts (an aurora alert's Kp and window), JSON; null for the rest. */
  payload: string | null
}

/** One recipient of one send; unique on (newsletter_id, subscription_id). */
export interface NewsletterDeliveriesTable {
  id: Generated<number>
  newsletter_id: number
  subscription_id: number
  email: string
  /** queued | sending | sent | failed */
  state: string
  attempts: Generated<number>
  last_error: string | null
  next_attempt_at: string
  lease_owner: string | null
  lease_until: string | null
  /** When the SMTP server accepted the message: recorded before anything else. */
  accepted_at: string | null
  sent_at: string | null
  /** 0: an alert, sent before the rest (1). */
  priority: Generated<number>
}

/** A storage object still to be removed (a deleted account's avatar); retried until it is gone. */
export interface PendingFileDeletionsTable {
  id: Generated<number>
  storage_key: string
  attempts: Generated<number>
  last_error: string | null
  next_attempt_at: string
  created_at: string
}

export interface AdminActivityTable {
  id: Generated<number>
  at: string
  admin_id: number
  /** The name the admin had when they acted. */
  admin_name: string
  kind: ActivityKind
  action: ActivityAction
  target_id: string | null
  summary: string
}

export interface BackupsTable {
  id: Generated<number>
  started_at: string
  finished_at: string | null
  /** The archive's file (BACKUP_DIR) or object key (BACKUP_S3_PREFIX). */
  location: string
  bytes: number | string | null
  result: 'running' | 'ok' | 'failed'
  error: string | null
}

/** One post or page an import brought in (server/import/apply.ts). */
export interface ImportedItemsTable {
  /** The export's kind: ghost | wordpress. */
  source: string
  /** The item's lasting id in its source (Ghost's uuid, WordPress's guid). */
  source_id: string
  kind: 'post' | 'page'
  item_id: string
  imported_at: string
}

export interface DB {
  users: UsersTable
  sessions: SessionsTable
  oauth_accounts: OauthAccountsTable
  oauth_states: OauthStatesTable
  oauth_temp_tokens: OauthTempTokensTable
  blog_posts: BlogPostsTable
  faqs: FaqsTable
  pages: PagesTable
  rate_limits: RateLimitsTable
  contact_messages: ContactMessagesTable
  blog_posts_search: BlogPostsSearchTable
  blog_posts_search_ids: BlogPostsSearchIdsTable
  videos: VideosTable
  header_images: HeaderImagesTable
  job_leases: JobLeasesTable
  invoices: InvoicesTable
  invoice_items: InvoiceItemsTable
  invoice_counters: InvoiceCountersTable
  announcements: AnnouncementsTable
  resources: ResourcesTable
  newsletter_subscriptions: NewsletterSubscriptionsTable
  newsletters: NewslettersTable
  newsletter_deliveries: NewsletterDeliveriesTable
  user_home_places: UserHomePlacesTable
  aurora_alerts: AuroraAlertsTable
  aurora_discord_posts: AuroraDiscordPostsTable
  pending_file_deletions: PendingFileDeletionsTable
  admin_activity: AdminActivityTable
  backups: BackupsTable
  imported_items: ImportedItemsTable
}

export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type SessionRow = Selectable<SessionsTable>
export type OauthAccountRow = Selectable<OauthAccountsTable>
export type NewOauthAccountRow = Insertable<OauthAccountsTable>
export type OauthAccountUpdate = Updateable<OauthAccountsTable>
export type OauthStateRow = Selectable<OauthStatesTable>
export type BlogPostRow = Selectable<BlogPostsTable>
export type NewBlogPostRow = Insertable<BlogPostsTable>
export type FaqRow = Selectable<FaqsTable>
export type NewFaqRow = Insertable<FaqsTable>
export type AnnouncementRow = Selectable<AnnouncementsTable>
export type NewAnnouncementRow = Insertable<AnnouncementsTable>
export type PageRow = Selectable<PagesTable>
export type NewPageRow = Insertable<PagesTable>
export type ContactMessageRow = Selectable<ContactMessagesTable>
export type VideoRow = Selectable<VideosTable>
export type NewVideoRow = Insertable<VideosTable>
export type HeaderImageRow = Selectable<HeaderImagesTable>
export type NewHeaderImageRow = Insertable<HeaderImagesTable>
export type JobLeaseRow = Selectable<JobLeasesTable>
export type ResourceRow = Selectable<ResourcesTable>
export type NewResourceRow = Insertable<ResourcesTable>
export type InvoiceRow = Selectable<InvoicesTable>
export type NewInvoiceRow = Insertable<InvoicesTable>
export type InvoiceUpdate = Updateable<InvoicesTable>
export type InvoiceItemRow = Selectable<InvoiceItemsTable>
export type NewInvoiceItemRow = Insertable<InvoiceItemsTable>
export type NewsletterSubscriptionRow = Selectable<NewsletterSubscriptionsTable>
export type NewsletterRow = Selectable<NewslettersTable>
export type NewsletterDeliveryRow = Selectable<NewsletterDeliveriesTable>
export type PendingFileDeletionRow = Selectable<PendingFileDeletionsTable>
export type AdminActivityRow = Selectable<AdminActivityTable>
export type NewAdminActivityRow = Insertable<AdminActivityTable>
export type BackupRow = Selectable<BackupsTable>
