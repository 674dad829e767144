import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { publicOrigin } from './origin.ts'

const config = (env: Record<string, string>) =>
  loadConfig({ SESSION_SECRET: 'x'.repeat(40), NODE_ENV: 'test', ...env })

describe('publicOrigin', () => {
  it('is PUBLIC_URL when it is set, whatever the request says', () => {
    const withUrl = config({ PUBLIC_URL: 'https://astro.example.org/' })
    expect(publicOrigin(withUrl, 'http://127.0.0.1:3000/blog?page=2')).toBe(
      'https://astro.example.org',
    )
    expect(publicOrigin(withUrl, 'http://evil.example:80/')).toBe('https://astro.example.org')
  })

  it("is the request's own origin without PUBLIC_URL", () => {
    expect(publicOrigin(config({}), 'http://localhost:5173/rss.xml')).toBe('http://localhost:5173')
    expect(publicOrigin(config({}), 'https://site.test/a/b')).toBe('https://site.test')
  })
})
