import type { Config } from '../config.ts'
import type { Database } from '../db/dialect.ts'
import type { Logger } from '../shared/logger.ts'
import { createSmtpMailer } from '../mail/mailer.ts'
import { createAuthService } from './auth.ts'
import { createBlogService } from './blog.ts'
import { createContactService } from './contact.ts'
import { createContactInboxService } from './contact-inbox.ts'
import { createNewsletterSubscriptionService } from './newsletter-subscriptions.ts'
import { createFaqService } from './faqs.ts'
import { createAnnouncementService } from './announcements.ts'
import { createDiscordInviteService } from './discord-invite.ts'
import { createPageService } from './pages.ts'
import { type Clock, systemClock } from '../shared/clock.ts'
import { createOauthService } from './oauth.ts'
import { createProfileService } from './profile.ts'
import { createRateLimiter } from './rate-limiter.ts'
import { createAddressRateLimit } from './address-rate-limit.ts'
import { createUpstreamBudgets } from '../integrations/upstream-budget.ts'
import { createSkyService } from './sky.ts'
import { createSkyEventsService } from './sky-events.ts'
import { createTonightService } from '../sky/service.ts'
import { createDiscordCommunityService } from './discord-community.ts'
import { createYoutubeService } from './youtube.ts'
import { createRadioService } from './radio.ts'
import { createHeaderImageService } from './header-images.ts'
import { createResourceService } from './resources.ts'
import { createStorage } from '../storage/create-storage.ts'
import { createAdminUserService } from './admin-users.ts'
import { createMemberDataService } from './member-data.ts'
import { createInvoiceService } from './invoices.ts'
import { nextScheduledPublication } from '../db/publication-schedule.ts'
import { type ContentEvents, createContentEvents } from '../shared/content-events.ts'
import { bulkSenderFor, createNewsletterOutbox } from '../newsletter/outbox.ts'
import { createNewsletterAdmin } from '../newsletter/admin.ts'
import { createAuroraService } from '../aurora/service.ts'
import { createActivityService } from './activity.ts'
import { createBackupService } from './backups.ts'
import { createImportService } from '../import/apply.ts'

/** Everything the HTTP layer and the page loaders may call. Built once at start-up. */
export function createServices(deps: {
  config: Config
  db: Database
  logger: Logger
  clock?: Clock
  events?: ContentEvents
}) {
  const { config, db, logger } = deps
  const clock = deps.clock ?? systemClock
  const events = deps.events ?? createContentEvents()
  const rateLimiter = createRateLimiter(db, clock)
  // One budget per upstream for the whole process (server/integrations/upstream-budget.ts).
  const upstreams = createUpstreamBudgets({ clock, logger })
  const storage = createStorage(config)
  const auth = createAuthService({ db, clock, secret: config.sessionSecret, rateLimiter })
  const profile = createProfileService({ db, clock, config, auth, rateLimiter, logger, storage })
  const memberData = createMemberDataService({ db, clock, logger, storage, rateLimiter })
  // One SMTP client for the contact form and the invoices; null when SMTP_URL is not set.
  const mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : null
  const scheduled = () => nextScheduledPublication(db, clock.now().toISOString())
  const blog = createBlogService({ db, clock, events, nextScheduledPublication: scheduled })
  const pages = createPageService({ db, clock, events })
  const activity = createActivityService({ db, clock })
  const discordCommunity = createDiscordCommunityService({ clock, logger, config, upstreams })
  // The newsletter's own SMTP client (pooled, for bulk) and its outbox, started by main.ts; a
  // change of posts wakes it, so a post published now is queued and sent at once.
  const bulkSender = bulkSenderFor(config)
  const newsletterOutbox = createNewsletterOutbox({ db, clock, logger, config, sender: bulkSender })
  events.subscribe((topics) => {
    if (topics.includes('posts')) newsletterOutbox.wake()
  })
  const sky = createSkyService({ config, clock, logger, upstreams })
  const newsletterSubscriptions = createNewsletterSubscriptionService({
    db,
    clock,
    logger,
    rateLimiter,
    mailer,
    secret: config.sessionSecret,
    siteName: config.siteName,
  })
  return {
    config,
    db,
    logger,
    clock,
    events,
    rateLimiter,
    upstreams,
    /** Per address, for the endpoints declared `upstream: true` (server/api/define.ts). */
    upstreamLimit: createAddressRateLimit({ clock, limit: config.upstreamRateLimitPerMinute }),
    auth,
    oauth: createOauthService({ db, clock, config, auth, rateLimiter, logger, upstreams }),
    profile,
    memberData,
    adminUsers: createAdminUserService({ db, clock, auth, profile, memberData }),
    /** The admin audit log: what each admin changed, and when. */
    activity,
    /** Imports from other platforms' exports (server/import/). */
    imports: createImportService({ db, clock, events, activity }),
    /** Scheduled backups (BACKUP_SCHEDULE) and the admin's "Export site". */
    backups: createBackupService({ db, clock, logger, config, storage, rateLimiter }),
    /** When the next scheduled post or page goes public (ISO), or null: cached pages end then. */
    nextScheduledPublication: scheduled,
    blog,
    // The services that write what visitors see announce each change once it is committed
    // (the page cache drops those pages); a write that changes nothing announces nothing.
    faqs: createFaqService({ db, clock, events }),
    pages,
    sky,
    skyEvents: createSkyEventsService({ db, clock, logger }),
    storage,
    headerImages: createHeaderImageService({ db, clock, logger, storage, events }),
    resources: createResourceService({ db, clock, logger, storage }),
    youtube: createYoutubeService({ db, clock, logger, config, upstreams, events }),
    radio: createRadioService({ clock, logger, config, upstreams }),
    discordCommunity,
    discordInvite: createDiscordInviteService({
      db,
      clock,
      logger,
      config,
      upstreams,
      community: discordCommunity,
      pages,
    }),
    contact: createContactService({
      db,
      clock,
      logger,
      rateLimiter,
      mailer,
      contactTo: config.mail.contactTo,
      siteName: config.siteName,
    }),
    contactInbox: createContactInboxService({
      db,
      clock,
      logger,
      retentionDays: config.contactRetentionDays,
    }),
    announcements: createAnnouncementService({ db, clock }),
    newsletterOutbox,
    newsletterAdmin: createNewsletterAdmin({
      db,
      clock,
      logger,
      config,
      sender: bulkSender,
      wake: () => newsletterOutbox.wake(),
    }),
    newsletterSubscriptions,
    aurora: createAuroraService({
      db,
      clock,
      logger,
      config,
      sky,
      subscriptions: newsletterSubscriptions,
      upstreams,
      wake: () => newsletterOutbox.wake(),
    }),
    invoices: createInvoiceService({
      db,
      clock,
      logger,
      mailer,
      issuer: config.invoiceIssuer,
    }),
    tonight: createTonightService({ config, clock, db }),
  }
}

export type Services = ReturnType<typeof createServices>
