import { z } from 'zod'
import { Latitude, Longitude } from './sky-tonight.ts'

/** The Kp a member may choose to be alerted at (NOAA's G1 storm is Kp 5; Kp 4 is "active"). */
export const AURORA_THRESHOLD_MIN = 4
export const AURORA_THRESHOLD_MAX = 9
/** The sun must be this far below the horizon for an aurora to be seen (nautical twilight's end). */
export const AURORA_SUN_BELOW_DEG = -12
/** How far ahead the check looks for a dark hour with a high enough Kp. */
export const AURORA_LOOKAHEAD_MS = 3 * 60 * 60 * 1000
/** A member gets at most one alert in this long. */
export const AURORA_ALERT_GAP_MS = 24 * 60 * 60 * 1000
/** The creator's Discord channel hears of a storm at most this often. */
export const AURORA_DISCORD_GAP_MS = 6 * 60 * 60 * 1000
/** A storm on NOAA's G scale (G1) starts here: what the creator's Discord channel is told of. */
export const AURORA_STORM_KP = 5
/** Kp under the storm level for this long ends a storm: the next one is a new message. */
export const AURORA_STORM_QUIET_MS = 3 * 60 * 60 * 1000

/** "Kp 7.3" (NOAA's thirds to one decimal), "Kp 5". */
export const kpText = (kp: number) => `Kp ${Number.isInteger(kp) ? kp : kp.toFixed(1)}`

export const AURORA_MESSAGES = {
  enabled: 'Say whether aurora alerts are on (true or false).',
  place: 'Choose the place to watch the sky from.',
  threshold: 'The Kp threshold must be a whole number from 4 to 9, or empty for the default.',
  saved: 'Aurora alerts saved.',
} as const

export const AuroraAlertsInput = z
  .object({
    enabled: z.boolean({ error: AURORA_MESSAGES.enabled }),
    lat: Latitude.nullable().optional(),
    lon: Longitude.nullable().optional(),
    /** Null (or left out) is the default for the place, worked out from its geomagnetic latitude. */
    threshold: z
      .number({ error: AURORA_MESSAGES.threshold })
      .int({ error: AURORA_MESSAGES.threshold })
      .min(AURORA_THRESHOLD_MIN, { error: AURORA_MESSAGES.threshold })
      .max(AURORA_THRESHOLD_MAX, { error: AURORA_MESSAGES.threshold })
      .nullable()
      .optional(),
  })
  .refine((v) => (v.lat == null) === (v.lon == null), {
    error: AURORA_MESSAGES.place,
    path: ['lat'],
  })
  .refine((v) => !v.enabled || v.lat != null, { error: AURORA_MESSAGES.place, path: ['lat'] })
export type AuroraAlertsInput = z.infer<typeof AuroraAlertsInput>

export interface AuroraAlertsResponse {
  /** On, the member's newsletter subscription confirmed and taking sky alerts. */
  enabled: boolean
  lat: number | null
  lon: number | null
  /** The member's own choice, or null for the place's default. */
  threshold: number | null
  /** The Kp at which the aurora oval usually reaches the place (4–9); null without a place. */
  defaultThreshold: number | null
}
