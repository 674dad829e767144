import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FakeHandler } from './server.ts'

/**
 * Fake NOAA SWPC, NASA APOD and news feeds, written from the upstream samples in fixtures/sky.
 * SWPC blocks and APOD days are generated around "now" (the samples' 2026-06-18 21:00 UTC block
 * becomes the current one), so freshness rules see real-looking data at any date.
 *
 * Each upstream has a mode; `POST /__sky/mode` with {modes, reset} switches them (end-to-end tests)
 * and asks the app to forget (`clear`) or expire (`expire`) its cached copies.
 */
export const SKY_FAKE_MODES = [
  'ok',
  /** SWPC's pre-2026-03-31 array-of-arrays format (other upstreams answer normally) */
  'legacy',
  /** an HTML error page with status 200 */
  'html',
  /** 429 with Retry-After: 120 */
  'rate-limited',
  /** no answer until the client gives up */
  'timeout',
  /** status 200, a truncated JSON or XML body */
  'malformed',
  /** 503 "no healthy upstream" */
  'server-error',
  /** a valid answer with nothing in it */
  'empty',
  /** SWPC only: a strong storm (G3) now and for the next 12 hours, the last block observed at 6.67 */
  'storm',
] as const
export type SkyFakeMode = (typeof SKY_FAKE_MODES)[number]

export const SKY_FEEDS = {
  nasa: '/feeds/nasa.xml',
  skytel: '/feeds/skytel.xml',
  spacecom: '/feeds/spacecom.xml',
  eso: '/feeds/eso-atom.xml',
} as const
/** The badge names the fake feeds are configured with (NEWS_FEEDS accepts Name=URL). */
export const SKY_FEED_NAMES = {
  nasa: 'NASA',
  skytel: 'Sky & Telescope',
  spacecom: 'Space.com',
  eso: 'ESO',
} as const
export type SkyFeed = keyof typeof SKY_FEEDS
export type SkyUpstream =
  'swpc' | 'swpc:observed' | 'swpc:forecast' | 'apod' | 'news' | `news:${SkyFeed}`

export const SKY_PATHS = {
  kpObserved: '/swpc/products/noaa-planetary-k-index.json',
  kpForecast: '/swpc/products/noaa-planetary-k-index-forecast.json',
  apod: '/nasa/planetary/apod',
  control: '/__sky/mode',
} as const

export const FAKE_NASA_KEY = 'FAKE_NASA_KEY'
/** Which of the app's sky caches a reset applies to (server/services/sky.ts SKY_SCOPES). */
export type SkyScope = 'moon-phase' | 'solar-weather' | 'apod' | 'news'
export const RETRY_AFTER_SECONDS = 120

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/sky/${name}`, import.meta.url), 'utf8')

interface ObservedSample {
  time_tag: string
  Kp: number
  a_running: number
  station_count: number
}
interface ForecastSample {
  time_tag: string
  kp: number
  observed: string
  noaa_scale: string | null
}
interface ApodSample {
  title: string
  explanation: string
  media_type: string
  url?: string
  hdurl?: string
  thumbnail_url?: string
  copyright?: string
  service_version: string
}

const OBSERVED = JSON.parse(fixture('swpc-kp-observed.json')) as ObservedSample[]
const FORECAST = JSON.parse(fixture('swpc-kp-forecast.json')) as ForecastSample[]
const APOD_POOL = JSON.parse(fixture('apod-pool.json')) as ApodSample[]
const FEEDS: Record<SkyFeed, string> = {
  nasa: fixture('news-nasa.xml'),
  skytel: fixture('news-skytel.xml'),
  spacecom: fixture('news-spacecom.xml'),
  eso: fixture('news-atom.xml'),
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const BLOCK = 3 * HOUR
/** The samples' current 3-hour block. */
const SAMPLE_BLOCK = Date.parse('2026-06-18T21:00:00Z')

export const HTML_ERROR_PAGE =
  '<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head>' +
  '<body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>'

/** The current 3-hour UTC block's start for `now`. */
export function currentBlock(now: Date): number {
  return Math.floor(now.getTime() / BLOCK) * BLOCK
}

/** SWPC time tags: no offset; legacy ones use a space. */
function tag(ms: number, legacy: 'observed' | 'forecast' | null): string {
  const iso = new Date(ms).toISOString()
  if (legacy === 'observed') return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.000`
  if (legacy === 'forecast') return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`
  return iso.slice(0, 19)
}

export function kpObservedPayload(now: Date, legacy = false): unknown {
  const shift = currentBlock(now) - SAMPLE_BLOCK
  const rows = OBSERVED.map((r) => ({ ...r, time_tag: Date.parse(`${r.time_tag}Z`) + shift }))
  if (!legacy) return rows.map((r) => ({ ...r, time_tag: tag(r.time_tag, null) }))
  return [
    ['time_tag', 'Kp', 'a_running', 'station_count'],
    ...rows.map((r) => [
      tag(r.time_tag, 'observed'),
      r.Kp.toFixed(2),
      String(r.a_running),
      String(r.station_count),
    ]),
  ]
}

export function kpForecastPayload(now: Date, legacy = false): unknown {
  const shift = currentBlock(now) - SAMPLE_BLOCK
  const rows = FORECAST.map((r) => ({ ...r, time_tag: Date.parse(`${r.time_tag}Z`) + shift }))
  if (!legacy) return rows.map((r) => ({ ...r, time_tag: tag(r.time_tag, null) }))
  return [
    ['time_tag', 'kp', 'observed', 'noaa_scale'],
    ...rows.map((r) => [tag(r.time_tag, 'forecast'), r.kp.toFixed(2), r.observed, r.noaa_scale]),
  ]
}

/** The storm mode's Kp: the current and next three blocks forecast at 7.33 (G3). */
export const STORM_KP = 7.33
const STORM_OBSERVED_KP = 6.67

/** The product's rows around `now`, with a strong storm from the current block on. */
function stormPayload(product: 'observed' | 'forecast', now: Date): unknown {
  const block = currentBlock(now)
  if (product === 'observed') {
    const rows = kpObservedPayload(now) as Array<{ time_tag: string; Kp: number }>
    return rows.map((r) =>
      Date.parse(`${r.time_tag}Z`) === block - BLOCK ? { ...r, Kp: STORM_OBSERVED_KP } : r,
    )
  }
  const rows = kpForecastPayload(now) as Array<ForecastSample>
  return rows.map((r) => {
    const start = Date.parse(`${r.time_tag}Z`)
    return start >= block && start < block + 4 * BLOCK
      ? { ...r, kp: STORM_KP, noaa_scale: 'G3' }
      : r
  })
}

/** The sample rows as the app should read them around `now`: what tests compare against. */
export function expectedKp(now: Date) {
  const block = currentBlock(now)
  const predicted = FORECAST.filter((r) => r.observed === 'predicted').map((r) => ({
    timestamp: new Date(Date.parse(`${r.time_tag}Z`) - SAMPLE_BLOCK + block).toISOString(),
    kpIndex: r.kp,
    noaaScale: r.noaa_scale,
  }))
  return {
    /** The forecast product's estimated row for the current block. */
    current: { kpIndex: 4, updatedAt: new Date(block).toISOString() },
    /** The observed product's newest row (the block before). */
    lastObserved: { kpIndex: 3.67, updatedAt: new Date(block - BLOCK).toISOString() },
    predicted,
  }
}

/** The picture pool entry for a day: entries repeat every pool-length days. */
export function apodSampleFor(date: string): ApodSample {
  return APOD_POOL[Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY) % APOD_POOL.length]!
}

function apodRange(url: URL): { status: number; body: unknown } {
  if (!url.searchParams.get('api_key'))
    return { status: 403, body: JSON.parse(fixture('apod-403.json')) }
  const start = url.searchParams.get('start_date')
  const end = url.searchParams.get('end_date')
  if (!start || !end || !/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end))
    return {
      status: 400,
      body: { code: 400, msg: 'Bad Request: invalid field combination passed.' },
    }
  const thumbs = url.searchParams.get('thumbs') === 'true'
  const out: unknown[] = []
  for (let d = Date.parse(`${start}T00:00:00Z`); d <= Date.parse(`${end}T00:00:00Z`); d += DAY) {
    const date = new Date(d).toISOString().slice(0, 10)
    const { thumbnail_url, ...rest } = apodSampleFor(date)
    out.push({ ...rest, date, ...(thumbs && thumbnail_url ? { thumbnail_url } : {}) })
  }
  return { status: 200, body: out }
}

export interface SkyFake {
  routes: Record<string, FakeHandler>
  setMode(upstream: SkyUpstream, mode: SkyFakeMode): void
  /** Every upstream back to 'ok'. */
  resetModes(): void
  /** Requests received on a path (see SKY_PATHS / SKY_FEEDS). */
  hits(path: string): number
  resetHits(): void
  /** Ends responses held open by the 'timeout' mode. */
  releaseHeld(): void
}

export function createSkyFake(
  options: {
    now?: () => Date
    /** Called by POST /__sky/mode with {reset, scope}; the app's cache reset. */
    onReset?: (mode: 'clear' | 'expire', scope: SkyScope | undefined) => void
    /** How long 'timeout' holds a response when the client does not give up first. */
    holdMs?: number
  } = {},
): SkyFake {
  const now = options.now ?? (() => new Date())
  const holdMs = options.holdMs ?? 30_000
  let modes: Partial<Record<SkyUpstream, SkyFakeMode>> = {}
  const hitCounts = new Map<string, number>()
  const held = new Set<() => void>()

  /** Setting 'swpc' or 'news' drops the per-product / per-feed overrides not given alongside. */
  function applyModes(next: Partial<Record<SkyUpstream, SkyFakeMode>>) {
    const merged = { ...modes }
    for (const parent of ['swpc', 'news'] as const) {
      if (!(parent in next)) continue
      for (const key of Object.keys(merged) as SkyUpstream[])
        if (key.startsWith(`${parent}:`) && !(key in next)) delete merged[key]
    }
    modes = { ...merged, ...next }
  }

  const modeFor = (upstream: Exclude<SkyUpstream, 'swpc' | 'news'>): SkyFakeMode =>
    modes[upstream] ??
    (upstream.startsWith('news:')
      ? modes.news
      : upstream.startsWith('swpc:')
        ? modes.swpc
        : undefined) ??
    'ok'

  async function failure(
    mode: SkyFakeMode,
    req: IncomingMessage,
    res: ServerResponse,
    kind: 'json' | 'xml',
    rateLimitBody: string,
  ): Promise<boolean> {
    switch (mode) {
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HTML_ERROR_PAGE)
        return true
      case 'rate-limited':
        res
          .writeHead(429, {
            'content-type': 'application/json',
            'retry-after': String(RETRY_AFTER_SECONDS),
          })
          .end(rateLimitBody)
        return true
      case 'server-error':
        res.writeHead(503, { 'content-type': 'text/plain' }).end('no healthy upstream')
        return true
      case 'malformed':
        res
          .writeHead(200, {
            'content-type': kind === 'json' ? 'application/json' : 'application/rss+xml',
          })
          .end(
            kind === 'json'
              ? '[{"time_tag": "2026-06-18T18:00:00", "Kp": 3.6'
              : '<?xml version="1.0"?><rss version="2.0"><channel><title>Broken & unescaped</title><item><title>Half',
          )
        return true
      case 'timeout':
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, holdMs)
          function done() {
            clearTimeout(timer)
            held.delete(done)
            resolve()
          }
          held.add(done)
          req.once('close', done)
          res.once('close', done)
        })
        if (!res.writableEnded && !res.destroyed)
          res.writeHead(504, { 'content-type': 'text/plain' }).end('gateway timeout')
        return true
      default:
        return false
    }
  }

  function count(path: string) {
    hitCounts.set(path, (hitCounts.get(path) ?? 0) + 1)
  }

  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }

  function swpcRoute(
    product: 'observed' | 'forecast',
    payload: (now: Date, legacy: boolean) => unknown,
    path: string,
  ): FakeHandler {
    return async (req, res) => {
      count(path)
      const mode = modeFor(`swpc:${product}`)
      if (await failure(mode, req, res, 'json', 'Too Many Requests')) return
      if (mode === 'empty') return json(res, 200, [])
      if (mode === 'storm') return json(res, 200, stormPayload(product, now()))
      json(res, 200, payload(now(), mode === 'legacy'))
    }
  }

  function feedRoute(feed: SkyFeed): FakeHandler {
    return async (req, res) => {
      count(SKY_FEEDS[feed])
      const mode = modeFor(`news:${feed}`)
      if (await failure(mode, req, res, 'xml', '')) return
      const body =
        mode === 'empty'
          ? '<?xml version="1.0"?><rss version="2.0"><channel><title>Maintenance</title></channel></rss>'
          : FEEDS[feed]
      res
        .writeHead(200, {
          'content-type': feed === 'eso' ? 'application/atom+xml' : 'application/rss+xml',
        })
        .end(body)
    }
  }

  const routes: Record<string, FakeHandler> = {
    [SKY_PATHS.kpObserved]: swpcRoute('observed', kpObservedPayload, SKY_PATHS.kpObserved),
    [SKY_PATHS.kpForecast]: swpcRoute('forecast', kpForecastPayload, SKY_PATHS.kpForecast),
    [SKY_PATHS.apod]: async (req, res, url) => {
      count(SKY_PATHS.apod)
      const mode = modeFor('apod')
      if (await failure(mode, req, res, 'json', fixture('apod-429.json'))) return
      if (mode === 'empty') return json(res, 200, [])
      const answer = apodRange(url)
      json(res, answer.status, answer.body)
    },
    ...Object.fromEntries(
      (Object.keys(SKY_FEEDS) as SkyFeed[]).map((feed) => [SKY_FEEDS[feed], feedRoute(feed)]),
    ),
    [SKY_PATHS.control]: async (req, res) => {
      if (req.method !== 'POST') return json(res, 405, { error: 'POST only' })
      let body = ''
      for await (const chunk of req) body += String(chunk)
      const parsed = (body ? JSON.parse(body) : {}) as {
        modes?: Partial<Record<SkyUpstream, SkyFakeMode>>
        reset?: 'clear' | 'expire'
        scope?: SkyScope
      }
      if (parsed.modes) applyModes(parsed.modes)
      if (parsed.reset) options.onReset?.(parsed.reset, parsed.scope)
      json(res, 200, { modes })
    },
  }

  return {
    routes,
    setMode(upstream, mode) {
      applyModes({ [upstream]: mode })
    },
    resetModes() {
      modes = {}
    },
    hits: (path) => hitCounts.get(path) ?? 0,
    resetHits: () => hitCounts.clear(),
    releaseHeld() {
      for (const done of [...held]) done()
    },
  }
}

/** The app's environment pointing every sky upstream at a fake on `baseUrl`. */
export function skyFakeEnv(baseUrl: string): Record<string, string> {
  return {
    SWPC_URL: `${baseUrl}/swpc`,
    NASA_API_URL: `${baseUrl}/nasa`,
    NASA_API_KEY: FAKE_NASA_KEY,
    APOD_PAGE_URL: 'https://apod.nasa.gov/apod',
    NEWS_FEEDS: (Object.keys(SKY_FEEDS) as SkyFeed[])
      .map((feed) => `${SKY_FEED_NAMES[feed]}=${baseUrl}${SKY_FEEDS[feed]}`)
      .join(','),
  }
}
