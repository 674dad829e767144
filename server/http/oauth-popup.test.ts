import { describe, expect, it } from 'vitest'
import { renderOauthPopup } from './oauth-popup.ts'

describe('renderOauthPopup', () => {
  it('posts to the given origin only, with the nonce, and cannot be broken out of', () => {
    const html = renderOauthPopup({
      message: {
        type: 'OAUTH_ERROR',
        error: {
          code: 'access_denied',
          message: '</script><script>alert(1)</script>',
          details: null,
        },
      },
      targetOrigin: 'https://astro.example.org',
      nonce: 'abc123',
      siteName: 'Astro <Cosmos>',
    })
    expect(html).toContain('<script nonce="abc123">')
    expect(html).toContain('var origin = "https://astro.example.org";')
    expect(html).toContain('window.opener.postMessage(message, origin)')
    expect(html).not.toContain("'*'")
    // One closing tag only: the message's text is escaped in the script and in the page.
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(html).toContain('\\u003c/script\\u003e')
    expect(html).toContain('&#60;/script&#62;')
    expect(html).toContain('<title>Discord sign-in | Astro &#60;Cosmos&#62;</title>')
  })

  it('says what happened when there is no opener', () => {
    const html = renderOauthPopup({
      message: { type: 'OAUTH_TOKEN_SUCCESS', token: 'tok' },
      targetOrigin: 'http://localhost',
      nonce: 'n',
      siteName: 'Site',
    })
    expect(html).toContain('id="fallback" hidden')
    expect(html).toContain('href="/login"')
  })
})
