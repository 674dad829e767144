/**
 * Sky data as the browser receives it: moon phase, solar weather (Kp), the picture of the day and
 * astronomy news. Each response is the spec's data plus the same freshness fields (`Freshness`).
 */

export const SKY_MESSAGES = {
  apodFailed: 'Failed to fetch APOD data',
  moonFailed: 'Failed to fetch moon phase data',
  newsFailed: 'Failed to fetch combined news',
  solarFailed: 'Could not load the latest solar weather. Please try again later.',
  solarFallback: 'Failed to fetch solar weather data',
} as const

const MINUTE = 60 * 1000

/** The spec's freshness: how long a copy counts as current, on the server and in the browser. */
export const SKY_FRESHNESS_MS = {
  apod: 60 * MINUTE,
  solarWeather: 30 * MINUTE,
  moonPhase: 10 * MINUTE,
  news: 5 * MINUTE,
} as const

export const APOD_ITEM_COUNT = 12
export const APOD_SKELETON_CARDS = 11
export const NEWS_SKELETON_ROWS = 8
export const FORECAST_SKELETON_BARS = 8
export const KP_MAX = 9

/**
 * Every sky response carries when its data was fetched from the source, how old it is, and whether
 * it is being served past its freshness because the source failed to answer.
 */
export interface Freshness {
  fetchedAt: string
  ageSeconds: number
  stale: boolean
}

// ── Solar weather ──────────────────────────────────────────────────────────────────────────────

export const KP_LEVELS = [
  'quiet',
  'unsettled',
  'minor-storm',
  'major-storm',
  'severe-storm',
] as const
export type KpLevel = (typeof KP_LEVELS)[number]

export interface KpForecastEntry {
  /** Start of the 3-hour UTC block. */
  timestamp: string
  kpIndex: number
  level: KpLevel
  status: string
}

export interface SolarWeather {
  kpIndex: number
  level: KpLevel
  status: string
  /** Start of the 3-hour UTC block the current Kp belongs to. */
  updatedAt: string
  forecastAvailable: boolean
  forecast: KpForecastEntry[]
}

export type SolarWeatherResponse = SolarWeather & Freshness

export const G_SCALES = ['G0', 'G1', 'G2', 'G3', 'G4', 'G5'] as const
export type GScale = (typeof G_SCALES)[number]

/** The spec's Kp table (§9), one row per Kp class. */
export const KP_SCALE_TABLE = [
  { kp: '0-1', g: 'G0', description: 'Quiet' },
  { kp: '2', g: 'G0', description: 'Quiet' },
  { kp: '3', g: 'G0', description: 'Unsettled' },
  { kp: '4', g: 'G0', description: 'Active' },
  { kp: '5', g: 'G1', description: 'Minor' },
  { kp: '6', g: 'G2', description: 'Moderate' },
  { kp: '7', g: 'G3', description: 'Strong' },
  { kp: '8', g: 'G4', description: 'Severe' },
  { kp: '9', g: 'G5', description: 'Extreme' },
] as const satisfies ReadonlyArray<{ kp: string; g: GScale; description: string }>

const DESCRIPTION_BY_CLASS = [
  'Quiet',
  'Quiet',
  'Quiet',
  'Unsettled',
  'Active',
  'Minor',
  'Moderate',
  'Strong',
  'Severe',
  'Extreme',
] as const

/**
 * Kp comes in thirds (4.67 is "5−"); like SWPC's own products a third rounds to the nearest
 * whole class, except that "9−" (8.67) still belongs to class 8: only a full 9 is G5.
 */
export function kpClass(kp: number): number {
  if (!Number.isFinite(kp) || kp <= 0) return 0
  if (kp >= KP_MAX) return KP_MAX
  return Math.min(8, Math.round(kp))
}

export function gScaleForKp(kp: number): GScale {
  const cls = kpClass(kp)
  return cls < 5 ? 'G0' : G_SCALES[cls - 4]!
}

const LEVEL_BY_G: Record<Exclude<GScale, 'G0'>, KpLevel> = {
  G1: 'minor-storm',
  G2: 'major-storm',
  G3: 'major-storm',
  G4: 'severe-storm',
  G5: 'severe-storm',
}

/** quiet: Kp class 0–2; unsettled: 3–4; minor-storm: 5 (G1); major-storm: 6–7 (G2–G3); severe-storm: 8–9 (G4–G5). */
export function kpLevel(kp: number, noaaScale?: GScale | null): KpLevel {
  const g = noaaScale ?? gScaleForKp(kp)
  if (g !== 'G0') return LEVEL_BY_G[g]
  return kpClass(kp) >= 3 ? 'unsettled' : 'quiet'
}

/** "Quiet", "Active", "Minor storm (G1)" … from the Kp table; an upstream G scale wins when given. */
export function kpStatus(kp: number, noaaScale?: GScale | null): string {
  const g = noaaScale ?? gScaleForKp(kp)
  if (g === 'G0') return DESCRIPTION_BY_CLASS[Math.min(4, kpClass(kp))]!
  return `${DESCRIPTION_BY_CLASS[Number(g.slice(1)) + 4]} storm (${g})`
}

// ── Moon phase ─────────────────────────────────────────────────────────────────────────────────

export const MOON_PHASE_NAMES = [
  'New Moon',
  'Waxing Crescent',
  'First Quarter',
  'Waxing Gibbous',
  'Full Moon',
  'Waning Gibbous',
  'Third Quarter',
  'Waning Crescent',
] as const
export type MoonPhaseName = (typeof MOON_PHASE_NAMES)[number]

export const ZODIAC_SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
] as const
export type ZodiacSign = (typeof ZODIAC_SIGNS)[number]

export interface MoonPhase {
  phaseName: MoonPhaseName
  /** Percent of the disc lit, 0–100. */
  illumination: number
  /** Days since the last new moon. */
  age: number
  /** Earth–Moon centre distance in km. */
  distance: number
  zodiac: ZodiacSign
  nextNewMoon: string
  nextFullMoon: string
}

export type MoonPhaseResponse = MoonPhase & Freshness

/** A principal phase is named only this close to its instant, as almanacs do. */
export const PRINCIPAL_PHASE_WINDOW_HOURS = 24

/**
 * The phase name from the Moon–Sun elongation and, when there is one within a day, the principal
 * phase (New Moon, First Quarter, Full Moon, Third Quarter) whose instant it is near. Otherwise
 * the intermediate phase of the quadrant: a Moon 96 % lit the day before full is Waxing Gibbous.
 */
export function moonPhaseName(
  elongationDegrees: number,
  nearPrincipal: 'New Moon' | 'First Quarter' | 'Full Moon' | 'Third Quarter' | null,
): MoonPhaseName {
  if (nearPrincipal) return nearPrincipal
  const angle = ((elongationDegrees % 360) + 360) % 360
  return (['Waxing Crescent', 'Waxing Gibbous', 'Waning Gibbous', 'Waning Crescent'] as const)[
    Math.floor(angle / 90) % 4
  ]!
}

export function zodiacSign(eclipticLongitudeDegrees: number): ZodiacSign {
  const lon = ((eclipticLongitudeDegrees % 360) + 360) % 360
  return ZODIAC_SIGNS[Math.floor(lon / 30) % 12]!
}

// ── Picture of the day and news ────────────────────────────────────────────────────────────────

export interface SpacePicture {
  title: string
  imageUrl: string
  link: string
  /** YYYY-MM-DD, the picture's day. */
  publishedDate: string
  description: string
  /** The photographer's credit; absent for public-domain pictures. */
  copyright?: string
}

export type ApodResponse = { items: SpacePicture[] } & Freshness

export interface NewsItem {
  source: string
  title: string
  description: string
  link: string
  publishedDate: string
  imageUrl?: string
}

export type NewsResponse = {
  items: NewsItem[]
  /** Sources that could not be read and have no earlier copy: their news is missing. */
  unavailableSources: string[]
} & Freshness
