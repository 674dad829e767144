import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const base = { DATA_DIR: '/tmp/site-config-test', SESSION_SECRET: 'x'.repeat(40) }

describe('sky data configuration', () => {
  it('defaults to the real upstreams and five news feeds (also for an empty NEWS_FEEDS)', () => {
    expect(loadConfig({ ...base, NEWS_FEEDS: '' }).sky.newsFeeds).toHaveLength(5)
    const { sky } = loadConfig(base)
    expect(sky).toMatchObject({
      swpcUrl: 'https://services.swpc.noaa.gov',
      nasaApiUrl: 'https://api.nasa.gov',
      nasaApiKey: 'DEMO_KEY',
      apodPageUrl: 'https://apod.nasa.gov/apod',
      upstreamTimeoutMs: 8000,
    })
    expect(sky.newsFeeds.map((f) => new URL(f.url).hostname)).toEqual([
      'www.nasa.gov',
      'skyandtelescope.org',
      'www.space.com',
      'www.esa.int',
      'www.universetoday.com',
    ])
  })

  it('reads NEWS_FEEDS as URLs, optionally named, and drops trailing slashes from base URLs', () => {
    const { sky } = loadConfig({
      ...base,
      SWPC_URL: 'http://127.0.0.1:9999/swpc/',
      NEWS_FEEDS: ' Space.com = https://www.space.com/feeds/all , https://earthsky.org/feed/?a=b ',
    })
    expect(sky.swpcUrl).toBe('http://127.0.0.1:9999/swpc')
    expect(sky.newsFeeds).toEqual([
      { name: 'Space.com', url: 'https://www.space.com/feeds/all' },
      { name: null, url: 'https://earthsky.org/feed/?a=b' },
    ])
  })

  it('refuses a feed that is not a URL, an empty list and a silly timeout', () => {
    expect(() => loadConfig({ ...base, NEWS_FEEDS: 'not a url' })).toThrow(
      /NEWS_FEEDS must be a comma-separated list of feed URLs/,
    )
    expect(() => loadConfig({ ...base, NEWS_FEEDS: 'ftp://example.org/feed' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, NEWS_FEEDS: ' , ' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, SKY_UPSTREAM_TIMEOUT_MS: '5' })).toThrow(ConfigError)
  })

  it('reads SKY_DEFAULT_PLACE as Name=lat,lon, Greenwich by default, and refuses nonsense', () => {
    expect(loadConfig(base).sky.defaultPlace).toEqual({
      name: 'Greenwich',
      lat: 51.4769,
      lon: -0.0005,
    })
    expect(
      loadConfig({ ...base, SKY_DEFAULT_PLACE: ' Mauna Kea = 19.8207, -155.4681 ' }).sky
        .defaultPlace,
    ).toEqual({ name: 'Mauna Kea', lat: 19.8207, lon: -155.4681 })
    for (const bad of ['Greenwich', 'X=91,0', 'X=0,181', '=1,2']) {
      expect(() => loadConfig({ ...base, SKY_DEFAULT_PLACE: bad })).toThrow(ConfigError)
    }
  })
})

describe('aurora alerts configuration', () => {
  it('checks every 900 s by default, as often as AURORA_CHECK_INTERVAL_S says, and refuses nonsense', () => {
    expect(loadConfig(base).aurora).toEqual({
      checkIntervalMs: 900_000,
      discordWebhookUrl: undefined,
    })
    expect(loadConfig({ ...base, AURORA_CHECK_INTERVAL_S: '2' }).aurora.checkIntervalMs).toBe(2000)
    expect(() => loadConfig({ ...base, AURORA_CHECK_INTERVAL_S: '0' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, AURORA_CHECK_INTERVAL_S: 'soon' })).toThrow(ConfigError)
  })

  it('takes a Discord webhook URL, and refuses what is not one', () => {
    const url = 'https://discord.com/api/webhooks/1/abc'
    expect(loadConfig({ ...base, DISCORD_ALERTS_WEBHOOK_URL: url }).aurora.discordWebhookUrl).toBe(
      url,
    )
    expect(loadConfig({ ...base, DISCORD_ALERTS_WEBHOOK_URL: '' }).aurora.discordWebhookUrl).toBe(
      undefined,
    )
    expect(() => loadConfig({ ...base, DISCORD_ALERTS_WEBHOOK_URL: 'discord' })).toThrow(
      /DISCORD_ALERTS_WEBHOOK_URL/,
    )
  })
})
