import {
  AURORA_ALERT_GAP_MS,
  AURORA_DISCORD_GAP_MS,
  AURORA_LOOKAHEAD_MS,
  AURORA_STORM_KP,
  AURORA_STORM_QUIET_MS,
  AURORA_THRESHOLD_MIN,
  kpText,
  type AuroraAlertsInput,
  type AuroraAlertsResponse,
} from '../../contracts/aurora.ts'
import { kpClass } from '../../contracts/sky.ts'
import type { SessionUser } from '../../contracts/auth-constants.ts'
import type { Config } from '../config.ts'
import {
  auroraCandidates,
  type AuroraCandidate,
  claimAuroraAlert,
  findAuroraAlert,
  extendDiscordPost,
  lastDiscordPost,
  recordDiscordPost,
  saveAuroraAlert,
} from '../db/aurora-alerts.ts'
import { type Database, inTransaction } from '../db/dialect.ts'
import { findHomePlace } from '../db/home-places.ts'
import { queueSingleMail } from '../db/newsletter-outbox.ts'
import { findSubscriptionOfUser } from '../db/newsletter-subscriptions.ts'
import type { UpstreamBudgets } from '../integrations/upstream-budget.ts'
import { expectOk, upstreamRequest } from '../integrations/upstream-fetch.ts'
import { siteOrigin } from '../newsletter/compose.ts'
import type { AuroraMailPayload } from '../newsletter/mail-types.ts'
import { auroraSubject } from '../newsletter/mails.ts'
import type { NewsletterSubscriptionService } from '../services/newsletter-subscriptions.ts'
import type { SkyService } from '../services/sky.ts'
import type { Clock } from '../shared/clock.ts'
import type { Logger } from '../shared/logger.ts'
import { placeAt, timeZoneAt } from '../sky/places.ts'
import { defaultThreshold } from './oval.ts'
import { type AuroraWindow, type KpOutlook, auroraWindow, kpOutlook } from './window.ts'

/** Thrown to roll back a claimed alert whose mail could not be queued. */
class NothingQueued extends Error {}

/** Members read per page by the check: a storm alerts them a page at a time. */
const CANDIDATES_PAGE = 200

export interface AuroraCheckResult {
  /** The highest Kp of the coming three hours (0 when NOAA could not be read). */
  maxKp: number
  /** Alerts queued in the outbox. */
  alerted: number
  /** Whether the creator's Discord channel was told of a storm. */
  discord: boolean
}

/**
 * Aurora alerts: a member's place and threshold, and the check (a job, every
 * AURORA_CHECK_INTERVAL_S) that reads the Kp the solar weather already caches and queues an
 * alert in the newsletter outbox for each member whose threshold is reached while it is dark
 * at their place in the coming three hours, at most one a member in 24 hours.
 */
export function createAuroraService(deps: {
  db: Database
  clock: Clock
  logger: Logger
  config: Config
  sky: SkyService
  subscriptions: NewsletterSubscriptionService
  upstreams: UpstreamBudgets
  /** Wakes the outbox once alerts are queued. */
  wake: () => void
}) {
  const { db, clock, logger, config, sky, subscriptions, upstreams, wake } = deps
  const origin = siteOrigin(config)

  async function settings(user: SessionUser): Promise<AuroraAlertsResponse> {
    const [row, subscription, home] = await Promise.all([
      findAuroraAlert(db, user.id),
      findSubscriptionOfUser(db, user.id),
      findHomePlace(db, user.id),
    ])
    const lat = row?.lat ?? home?.home_lat ?? null
    const lon = row?.lon ?? home?.home_lon ?? null
    const taking =
      subscription !== undefined &&
      subscription.unsubscribed_at === null &&
      subscription.alerts === 1
    return {
      enabled: row?.enabled === 1 && taking,
      lat,
      lon,
      threshold: row?.threshold ?? null,
      defaultThreshold: lat !== null && lon !== null ? defaultThreshold(lat, lon) : null,
    }
  }

  async function save(
    user: SessionUser,
    input: AuroraAlertsInput,
    requestOrigin: string,
  ): Promise<AuroraAlertsResponse> {
    const row = await findAuroraAlert(db, user.id)
    const lat = input.lat ?? row?.lat ?? null
    const lon = input.lon ?? row?.lon ?? null
    // The newsletter subscription carries the mail: alerts on there go with alerts on here.
    const current = await subscriptions.member(user)
    if (input.enabled) {
      await subscriptions.updateMember(
        user,
        current.subscribed
          ? { subscribed: true, alerts: true }
          : { subscribed: true, posts: false, digest: false, alerts: true },
        requestOrigin,
      )
    } else if (current.subscribed && current.preferences.alerts) {
      await subscriptions.updateMember(user, { alerts: false }, requestOrigin)
    }
    if (lat !== null && lon !== null) {
      const moved = !row || row.lat !== lat || row.lon !== lon
      await saveAuroraAlert(db, {
        user_id: user.id,
        enabled: input.enabled ? 1 : 0,
        lat,
        lon,
        place_name: moved ? (await placeAt(lat, lon)).name : row.place_name,
        threshold: input.threshold === undefined ? (row?.threshold ?? null) : input.threshold,
        default_threshold: defaultThreshold(lat, lon),
        updated_at: clock.now().toISOString(),
      })
    }
    return settings(user)
  }

  /** The alert's mail facts for a member and the window found for them. */
  function payloadFor(member: AuroraCandidate, window: AuroraWindow, now: Date): AuroraMailPayload {
    return {
      kp: window.kp,
      open: Date.parse(window.end) >= now.getTime() + AURORA_LOOKAHEAD_MS,
      threshold: member.threshold,
      start: window.start,
      end: window.end,
      timeZone: timeZoneAt(member.lat, member.lon),
      place: member.place_name,
      south: member.lat < 0,
    }
  }

  async function alertMembers(outlook: KpOutlook, now: Date): Promise<number> {
    const nowIso = now.toISOString()
    const alertedBefore = new Date(now.getTime() - AURORA_ALERT_GAP_MS).toISOString()
    let alerted = 0
    let after = 0
    for (;;) {
      const page = await auroraCandidates(db, {
        afterUserId: after,
        maxKp: kpClass(outlook.max),
        alertedBefore,
        limit: CANDIDATES_PAGE,
      })
      for (const member of page) {
        const window = auroraWindow(outlook, member, member.threshold, now)
        if (!window) continue
        const payload = payloadFor(member, window, now)
        const subject = auroraSubject(payload)
        const queued = await inTransaction(db, async (trx) => {
          if (!(await claimAuroraAlert(trx, member.user_id, nowIso, alertedBefore))) return false
          const id = await queueSingleMail(trx, {
            kind: 'alert',
            dedupeKey: `aurora:${member.user_id}:${nowIso}`,
            subject,
            preference: 'alerts',
            subscriptionId: member.subscription_id,
            payload: JSON.stringify(payload),
            now: nowIso,
          })
          // The subscription stopped taking alerts meanwhile: the day's allowance is not spent.
          if (id === null) throw new NothingQueued()
          return true
        }).catch((error: unknown) => {
          if (error instanceof NothingQueued) return false
          throw error
        })
        if (queued) alerted++
      }
      if (page.length < CANDIDATES_PAGE) break
      after = page[page.length - 1]!.user_id
    }
    return alerted
  }

  /** The storm's blocks (Kp 5 and over) of the coming hours, for the Discord message. */
  function stormSpan(outlook: KpOutlook, now: Date): { start: string; end: string } {
    const starts = [...outlook.blocks]
      .filter(([, kp]) => kpClass(kp) >= AURORA_STORM_KP)
      .map(([start]) => start)
    const from = Math.max(now.getTime(), Math.min(...starts))
    const to = Math.max(...starts) + 3 * 60 * 60 * 1000
    return { start: new Date(from).toISOString(), end: new Date(to).toISOString() }
  }

  async function tellDiscord(outlook: KpOutlook, now: Date): Promise<boolean> {
    const url = config.aurora.discordWebhookUrl
    if (!url || kpClass(outlook.max) < AURORA_STORM_KP) return false
    const span = stormSpan(outlook, now)
    const last = await lastDiscordPost(db)
    if (last) {
      // The same storm, going on (no quiet spell since): its end moves, no second message.
      if (Date.parse(span.start) <= Date.parse(last.window_end) + AURORA_STORM_QUIET_MS) {
        await extendDiscordPost(db, last.id, span.end)
        return false
      }
      if (now.getTime() - Date.parse(last.posted_at) < AURORA_DISCORD_GAP_MS) return false
    }
    const kp = kpText(outlook.max)
    const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000)
    const body = {
      username: config.siteName,
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: `Geomagnetic storm: ${kp}`,
          description: `NOAA's planetary K index reaches ${kp} (observed or forecast). Aurora may be seen far from the poles where the sky is dark and clear.`,
          url: `${origin}/kp-index`,
          color: 0x3ddc84,
          fields: [
            { name: 'Kp', value: kp.slice(3), inline: true },
            { name: 'From', value: `<t:${unix(span.start)}:f>`, inline: true },
            { name: 'Until', value: `<t:${unix(span.end)}:f>`, inline: true },
          ],
          timestamp: now.toISOString(),
        },
      ],
    }
    expectOk(
      await upstreamRequest(url, {
        budget: upstreams.of('discord-webhook'),
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        redirect: 'error',
      }),
    )
    await recordDiscordPost(db, {
      posted_at: now.toISOString(),
      kp: outlook.max,
      window_start: span.start,
      window_end: span.end,
    })
    return true
  }

  /** One check, as the job runs it. */
  async function check(): Promise<AuroraCheckResult> {
    const now = clock.now()
    const { observed, forecast } = await sky.kpRows()
    const outlook = kpOutlook(observed, forecast, now)
    if (kpClass(outlook.max) < AURORA_THRESHOLD_MIN) {
      return { maxKp: outlook.max, alerted: 0, discord: false }
    }
    const alerted = await alertMembers(outlook, now)
    if (alerted > 0) {
      logger.info('aurora alerts queued', { alerted, kp: outlook.max })
      wake()
    }
    let discord = false
    try {
      discord = await tellDiscord(outlook, now)
    } catch (error) {
      logger.error('aurora storm not posted to Discord', {
        error: error instanceof Error ? error.message : String(error),
      })
    }
    return { maxKp: outlook.max, alerted, discord }
  }

  return { settings, save, check }
}

export type AuroraService = ReturnType<typeof createAuroraService>
