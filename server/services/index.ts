import type { Config } from '../config.ts'
import type { Database } from '../db/dialect.ts'
import type { Logger } from '../shared/logger.ts'
import { createSmtpMailer } from '../mail/mailer.ts'
import { createAuthService } from './auth.ts'
import { createBlogService } from './blog.ts'
import { createContactService } from './contact.ts'
import { createFaqService } from './faqs.ts'
import { createPageService } from './pages.ts'
import { type Clock, systemClock } from './clock.ts'
import { createOauthService } from './oauth.ts'
import { createProfileService } from './profile.ts'
import { createRateLimiter } from './rate-limiter.ts'
import { createSkyService } from './sky.ts'
import { createDiscordCommunityService } from './discord-community.ts'
import { createYoutubeService } from './youtube.ts'
import { createRadioService } from './radio.ts'
import { createHeaderImageService } from './header-images.ts'
import { createDiskStorage } from '../storage/storage.ts'
import { createAdminUserService } from './admin-users.ts'
import { createInvoiceService } from './invoices.ts'

/** Everything the HTTP layer and the page loaders may call. Built once at start-up. */
export function createServices(deps: {
  config: Config
  db: Database
  logger: Logger
  clock?: Clock
}) {
  const { config, db, logger } = deps
  const clock = deps.clock ?? systemClock
  const rateLimiter = createRateLimiter(db, clock)
  const storage = createDiskStorage(config.dataDir)
  const auth = createAuthService({ db, clock, secret: config.sessionSecret, rateLimiter })
  const profile = createProfileService({ db, clock, config, auth, rateLimiter, logger, storage })
  // One SMTP client for the contact form and the invoices; null when SMTP_URL is not set.
  const mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : null
  return {
    config,
    db,
    logger,
    clock,
    rateLimiter,
    auth,
    oauth: createOauthService({ db, clock, config, auth, rateLimiter, logger }),
    profile,
    adminUsers: createAdminUserService({ db, clock, auth, profile }),
    blog: createBlogService({ db, clock }),
    faqs: createFaqService({ db, clock }),
    pages: createPageService({ db, clock }),
    sky: createSkyService({ config, clock, logger }),
    storage,
    headerImages: createHeaderImageService({ db, clock, logger, storage }),
    youtube: createYoutubeService({ db, clock, logger, config }),
    radio: createRadioService({ clock, logger, config }),
    discordCommunity: createDiscordCommunityService({ clock, logger, config }),
    contact: createContactService({
      db,
      clock,
      logger,
      rateLimiter,
      mailer,
      contactTo: config.mail.contactTo,
      siteName: config.siteName,
    }),
    invoices: createInvoiceService({
      db,
      clock,
      logger,
      mailer,
      issuer: config.invoiceIssuer,
    }),
  }
}

export type Services = ReturnType<typeof createServices>
