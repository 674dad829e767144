import { readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import type { FakeHandler } from './server.ts'

/**
 * A fake AzuraCast: `/api/nowplaying/{station}` and `/api/station/{station}` from the sample
 * payloads in fixtures/azuracast, plus a real audio stream (a generated WAV tone, long enough to
 * keep playing through a test). Modes via `POST /__radio/mode` {mode}.
 */
export const FAKE_STATION = 'astro_radio'
export type RadioFakeMode =
  'ok' | 'live' | 'offline' | 'not_found' | 'html' | 'timeout' | 'rate_limited'

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`./fixtures/azuracast/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>
}

const SAMPLES = {
  ok: fixture('nowplaying'),
  live: fixture('nowplaying-live'),
  offline: fixture('nowplaying-offline'),
}
const STATION = fixture('station')
const NOT_FOUND = fixture('error-404')

/** A mono 8-bit WAV of a soft 440 Hz tone: small, and any browser plays it. */
export function toneWav(seconds: number, rate = 8000): Buffer {
  const samples = seconds * rate
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate, 28) // byte rate
  header.writeUInt16LE(1, 32) // block align
  header.writeUInt16LE(8, 34) // bits
  header.write('data', 36)
  header.writeUInt32LE(samples, 40)
  const data = Buffer.alloc(samples)
  for (let i = 0; i < samples; i++)
    data[i] = 128 + Math.round(20 * Math.sin((2 * Math.PI * 440 * i) / rate))
  return Buffer.concat([header, data])
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body))
}

export function createFakeAzuracast(options: { holdMs?: number; onMode?: () => void } = {}) {
  let mode: RadioFakeMode = 'ok'
  let hits = { nowplaying: 0, station: 0, stream: 0 }
  let baseUrl = ''
  const audio = toneWav(240)
  const held: ServerResponse[] = []

  /** The stream and mounts point at this fake, so a browser can really play the station. */
  function withOurStream<T extends Record<string, unknown>>(station: T): T {
    const listen = `${baseUrl}/radio/listen/${FAKE_STATION}/radio.wav`
    return {
      ...station,
      listen_url: listen,
      mounts: [
        { id: 1, name: '/radio.wav', url: listen, bitrate: 64, format: 'wav', is_default: true },
      ],
    }
  }

  function failure(res: ServerResponse): boolean {
    switch (mode) {
      case 'not_found':
        json(res, 404, NOT_FOUND)
        return true
      case 'html':
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!DOCTYPE html><html><body>502 Bad Gateway</body></html>')
        return true
      case 'rate_limited':
        json(
          res,
          429,
          { code: 429, message: 'Too many requests', success: false },
          { 'retry-after': '5' },
        )
        return true
      case 'timeout':
        held.push(res)
        setTimeout(() => res.destroy(), options.holdMs ?? 10_000).unref()
        return true
      default:
        return false
    }
  }

  const nowplaying: FakeHandler = (_req, res, url) => {
    hits.nowplaying += 1
    if (failure(res)) return
    if (!url.pathname.endsWith(`/${FAKE_STATION}`)) return json(res, 404, NOT_FOUND)
    const sample = SAMPLES[mode === 'live' || mode === 'offline' ? mode : 'ok']
    json(
      res,
      200,
      { ...sample, station: withOurStream(sample.station as Record<string, unknown>) },
      { 'cache-control': 'max-age=15' },
    )
  }
  const station: FakeHandler = (_req, res, url) => {
    hits.station += 1
    if (failure(res)) return
    if (!url.pathname.endsWith(`/${FAKE_STATION}`)) return json(res, 404, NOT_FOUND)
    json(res, 200, withOurStream(STATION))
  }
  const stream: FakeHandler = (req, res) => {
    hits.stream += 1
    // A live stream: no length, no seeking; it simply keeps coming.
    res.writeHead(200, { 'content-type': 'audio/wav', 'cache-control': 'no-store' })
    const chunk = 8000
    let offset = 0
    const send = () => {
      while (offset < audio.length) {
        const ok = res.write(audio.subarray(offset, offset + chunk))
        offset += chunk
        if (!ok) return void res.once('drain', send)
      }
      res.end()
    }
    req.on('close', () => res.destroy())
    send()
  }
  const setMode: FakeHandler = async (req, res) => {
    let body = ''
    for await (const c of req) body += String(c)
    mode = (JSON.parse(body || '{}') as { mode?: RadioFakeMode }).mode ?? 'ok'
    // The app forgets its copies, so the next request sees the new behaviour at once.
    options.onMode?.()
    json(res, 200, { mode })
  }

  return {
    routes: {
      [`/radio/api/nowplaying/${FAKE_STATION}`]: nowplaying,
      '/radio/api/nowplaying/unknown_station': nowplaying,
      [`/radio/api/station/${FAKE_STATION}`]: station,
      [`/radio/listen/${FAKE_STATION}/radio.wav`]: stream,
      '/__radio/mode': setMode,
    } satisfies Record<string, FakeHandler>,
    setBaseUrl(url: string) {
      baseUrl = url
    },
    setMode(next: RadioFakeMode) {
      mode = next
    },
    hits: () => hits,
    resetHits() {
      hits = { nowplaying: 0, station: 0, stream: 0 }
    },
    releaseHeld() {
      for (const r of held.splice(0)) r.destroy()
    },
  }
}

export function azuracastFakeEnv(baseUrl: string): Record<string, string> {
  return { AZURACAST_URL: `${baseUrl}/radio`, AZURACAST_STATION: FAKE_STATION }
}

export type FakeAzuracast = ReturnType<typeof createFakeAzuracast>
