import { VIDEO_SYNC_INTERVAL_MS } from '../../contracts/media-constants.ts'
import { deleteExpiredRateLimits } from '../db/rate-limits.ts'
import { deleteExpiredSessions } from '../db/sessions.ts'
import type { Services } from '../services/index.ts'
import type { Job } from './scheduler.ts'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

/** Every scheduled job of the site, in one list. */
export function siteJobs(services: Services): Job[] {
  const { db, clock, config } = services
  const jobs: Job[] = [
    {
      name: 'housekeeping',
      every: HOUR,
      async run() {
        const now = clock.now().toISOString()
        await Promise.all([deleteExpiredSessions(db, now), deleteExpiredRateLimits(db, now)])
      },
    },
    {
      // Contact e-mails that could not be sent are retried: a message is never lost, only delayed.
      name: 'contact-mail-retry',
      every: 10 * MINUTE,
      run: () => services.contact.retryUndelivered(),
    },
    {
      // A deleted account's file the storage would not remove is tried again until it is gone.
      name: 'file-deletion-retry',
      every: 10 * MINUTE,
      run: () => services.memberData.retryFileDeletions(),
    },
    {
      // Contact messages are kept CONTACT_RETENTION_DAYS (365 by default), then deleted.
      name: 'contact-retention',
      every: 24 * HOUR,
      run: async () => {
        await services.contactInbox.deleteExpired()
      },
    },
    {
      // Reads the Kp the solar weather caches; alerts go through the newsletter outbox.
      name: 'aurora-alerts',
      every: config.aurora.checkIntervalMs,
      run: () => services.aurora.check(),
    },
  ]
  if (config.backup.schedule === 'daily') {
    jobs.push({
      // One archive a day on one node; a failure is recorded and shown on the dashboard.
      name: 'backup',
      every: 24 * HOUR,
      // A large site's copy and files take a while: another node waits this long to take over.
      timeoutMs: 6 * HOUR,
      run: () => services.backups.runScheduled(),
    })
  }
  if (config.youtubeChannelId) {
    jobs.push({
      // Visitors never trigger YouTube calls: the server keeps the video cache fresh by itself.
      name: 'youtube-sync',
      every: VIDEO_SYNC_INTERVAL_MS,
      run: () => services.youtube.syncConfiguredChannel(),
    })
  }
  return jobs
}
