import { describe, expect, it } from 'vitest'
import { ConfigError, getPublicConfig, loadConfig } from './config.ts'

const base = { DATA_DIR: '/tmp/site-config-test', SESSION_SECRET: 'x'.repeat(40) }

describe('UPSTREAM_RATE_LIMIT_PER_MINUTE', () => {
  it('defaults to 120 requests and reads a whole number from 1 to 100000', () => {
    expect(loadConfig(base).upstreamRateLimitPerMinute).toBe(120)
    expect(
      loadConfig({ ...base, UPSTREAM_RATE_LIMIT_PER_MINUTE: '1' }).upstreamRateLimitPerMinute,
    ).toBe(1)
    expect(
      loadConfig({ ...base, UPSTREAM_RATE_LIMIT_PER_MINUTE: '100000' }).upstreamRateLimitPerMinute,
    ).toBe(100_000)
  })

  it.each([
    ['0', 'UPSTREAM_RATE_LIMIT_PER_MINUTE must be at least 1'],
    ['100001', 'UPSTREAM_RATE_LIMIT_PER_MINUTE must be at most 100000'],
    ['2.5', 'UPSTREAM_RATE_LIMIT_PER_MINUTE must be a whole number'],
    ['lots', 'UPSTREAM_RATE_LIMIT_PER_MINUTE must be a number of requests'],
  ])('refuses %s with a clear message', (value, message) => {
    const load = () => loadConfig({ ...base, UPSTREAM_RATE_LIMIT_PER_MINUTE: value })
    expect(load).toThrow(ConfigError)
    expect(load).toThrow(message)
  })
})

describe('features (what the browser is told is set up)', () => {
  it('a fresh install has none of the optional integrations', () => {
    expect(getPublicConfig(loadConfig(base)).features).toEqual({
      radio: false,
      discordWidget: false,
      communityGallery: false,
      channelStats: false,
      newsletter: false,
    })
  })

  it('each needs all of its settings', () => {
    const features = (env: Record<string, string>) =>
      getPublicConfig(loadConfig({ ...base, ...env })).features
    expect(features({ AZURACAST_URL: 'https://radio.example.org' }).radio).toBe(true)
    expect(features({ SMTP_URL: 'smtp://127.0.0.1:2525' }).newsletter).toBe(true)
    expect(features({ DISCORD_GUILD_ID: '1198374650298347520' }).discordWidget).toBe(true)
    const channel = { DISCORD_GALLERY_CHANNEL_ID: '1201450098712231996' }
    expect(features(channel).communityGallery).toBe(false)
    expect(features({ ...channel, DISCORD_BOT_TOKEN: 'bot' }).communityGallery).toBe(true)
    const youtube = { YOUTUBE_CHANNEL_ID: 'UC' + 'x'.repeat(22) }
    expect(features(youtube).channelStats).toBe(false)
    expect(features({ ...youtube, YOUTUBE_API_KEY: 'key' }).channelStats).toBe(true)
  })
})
