import { describe, expect, it } from 'vitest'
import { CONTENT_MAX_DEPTH, CONTENT_MESSAGES } from '../../contracts/blog.ts'
import { ValidationError } from '../shared/errors.ts'
import { requireContentHtml, sanitizeContentHtml, searchTerms } from './html.ts'
import { firstFreeSlug } from './slug.ts'

// A battery of classic XSS vectors: none may leave anything executable behind.
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://evil.example/embed/x"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>*{x:expression(alert(1))}</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<img src=//evil.example/x.png>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
]

describe('sanitizeContentHtml', () => {
  it.each(XSS)('neutralises %s', (payload) => {
    const out = sanitizeContentHtml(payload)
    expect(out).not.toMatch(/<script|<style|<object|<embed|<form|<input|<meta|<base|<svg|<body/i)
    expect(out).not.toMatch(/\son\w+\s*=/i)
    expect(out).not.toMatch(/javascript:|vbscript:|data:text/i)
    expect(out).not.toMatch(/srcdoc|style=/i)
    expect(out).not.toContain('evil.example')
  })

  it('keeps an article exactly as authored', () => {
    const html =
      '<h2>Seeing</h2><p>Use <strong>low</strong> power, <em>then</em> <a href="https://www.nasa.gov/moon/">zoom</a>.</p>' +
      '<ul><li>One</li><li>Two</li></ul><blockquote><p>Clear skies</p></blockquote><pre><code>f/5 = 1200 / 240</code></pre>' +
      '<figure><img src="/images/blog/moon-terminator.svg" alt="Moon" /><figcaption>The terminator</figcaption></figure>' +
      '<table><thead><tr><th>Kp</th></tr></thead><tbody><tr><td>5</td></tr></tbody></table>'
    // Void elements come back self-closed; tables become keyboard-reachable (they scroll on a
    // phone); everything else is byte for byte.
    expect(sanitizeContentHtml(html)).toBe(html.replace('<table>', '<table tabindex="0">'))
  })

  it("keeps an image's alt text, and the empty alt of a decorative image", () => {
    const html = '<p><img src="https://example.org/a.jpg" alt="Albireo" /></p>'
    expect(sanitizeContentHtml(html)).toBe(html)
    const decorative = '<p><img src="https://example.org/a.jpg" alt="" /></p>'
    expect(sanitizeContentHtml(decorative)).toBe(decorative)
  })

  it('keeps YouTube embeds only', () => {
    const yt =
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Video" allowfullscreen></iframe>'
    expect(sanitizeContentHtml(yt)).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"')
    expect(sanitizeContentHtml('<iframe src="https://www.youtube.com/watch?v=x"></iframe>')).toBe(
      '',
    )
  })

  it('gives links that open a new tab a safe rel', () => {
    expect(sanitizeContentHtml('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    )
    expect(
      sanitizeContentHtml('<a href="https://example.org" rel="opener evil nofollow">x</a>'),
    ).toBe('<a href="https://example.org" rel="nofollow">x</a>')
  })
})

describe('nesting', () => {
  const nested = (levels: number, tag = 'div') =>
    `<${tag}>`.repeat(levels) + 'Saturn' + `</${tag}>`.repeat(levels)

  it('keeps markup up to the limit and refuses deeper markup with a clear message', () => {
    expect(sanitizeContentHtml(nested(CONTENT_MAX_DEPTH))).toContain('Saturn')
    // Elements that close themselves (void) or are closed by the next one do not add up.
    expect(sanitizeContentHtml('<p>a<br>'.repeat(CONTENT_MAX_DEPTH * 2))).toContain('a<br />')
    expect(() => sanitizeContentHtml(nested(CONTENT_MAX_DEPTH + 1))).toThrow(
      CONTENT_MESSAGES.tooDeep,
    )
    expect(() => requireContentHtml(nested(CONTENT_MAX_DEPTH + 1, 'blockquote'))).toThrow(
      ValidationError,
    )
  })

  it('refuses 80,000 levels in a few milliseconds (it took the server seconds)', () => {
    const started = performance.now()
    expect(() => sanitizeContentHtml(nested(80_000))).toThrow(CONTENT_MESSAGES.tooDeep)
    expect(performance.now() - started).toBeLessThan(200)
  })
})

describe('searchTerms', () => {
  it('folds case and diacritics, drops punctuation and duplicates, keeps at most 8 words', () => {
    expect(searchTerms('  Nébula, NEBULA!  "ring" ')).toEqual(['nebula', 'ring'])
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8)
    expect(searchTerms('" OR 1=1 --')).toEqual(['or', '1'])
    expect(searchTerms(null)).toEqual([])
  })
})

describe('slugs', () => {
  it('finds the first free numeric suffix', () => {
    expect(firstFreeSlug('moon', [])).toBe('moon')
    expect(firstFreeSlug('moon', ['moon', 'moon-2', 'moon-4'])).toBe('moon-3')
  })
})

describe('ids in content', () => {
  it('are prefixed so content cannot shadow the page’s own ids, and in-page links follow', () => {
    const html = sanitizeContentHtml(
      '<h2 id="__reactRouterContext">Clobber</h2><p id="intro">Hi</p><a href="#intro">Up</a><a href="https://example.org/#x">Out</a>',
    )
    expect(html).toContain('id="content-__reactRouterContext"')
    expect(html).toContain('id="content-intro"')
    expect(html).toContain('href="#content-intro"')
    expect(html).toContain('href="https://example.org/#x"')
    expect(html).not.toMatch(/id="(?!content-)/)
  })

  it('drops ids that are empty once cleaned, and does not prefix twice', () => {
    expect(sanitizeContentHtml('<p id="&quot;&lt;&gt;">x</p>')).toBe('<p>x</p>')
    expect(sanitizeContentHtml('<p id="content-a">x</p>')).toBe('<p id="content-a">x</p>')
  })
})
