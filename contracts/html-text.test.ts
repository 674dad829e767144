import { describe, expect, it } from 'vitest'
import { decodeEntities, excerpt, firstImageSrc, htmlToText } from './html-text.ts'

describe('decodeEntities', () => {
  it('decodes numeric, hex and named entities', () => {
    expect(decodeEntities('NASA&#8217;s &#x2014; Sky &amp; Telescope &hellip; &nbsp;')).toBe(
      'NASA’s — Sky & Telescope …  ',
    )
  })
  it('leaves unknown entities and bare ampersands alone', () => {
    expect(decodeEntities('R&D &unknown; &#0;x')).toBe('R&D &unknown; x')
  })
})

describe('htmlToText', () => {
  it('removes tags, scripts, styles and comments and collapses whitespace', () => {
    expect(
      htmlToText(
        '<p>Young stars &amp; <strong>glowing</strong>\n gas.</p><script>alert(1)</script><style>p{}</style><!-- c --><p>Next</p>',
      ),
    ).toBe('Young stars & glowing gas. Next')
  })
  it('keeps words apart across block tags and line breaks', () => {
    expect(htmlToText('one<br/>two</p><p>three<li>four')).toBe('one two three four')
  })
  it('does not turn escaped markup back into tags', () => {
    expect(htmlToText('a &lt;b&gt; c')).toBe('a <b> c')
  })
  it('keeps the words of every kind of block apart', () => {
    expect(
      htmlToText(
        '<h2>Moon</h2><p>Craters &amp; maria</p><ul><li>Tycho</li><li>Copernicus</li></ul><table><tr><td>a</td><td>b</td></tr></table><pre>c</pre><dl><dt>d</dt><dd>e</dd></dl>',
      ),
    ).toBe('Moon Craters & maria Tycho Copernicus a b c d e')
  })
})

describe('excerpt', () => {
  it('returns short text unchanged', () => {
    expect(excerpt('Short.', 20)).toBe('Short.')
  })
  it('cuts long text at a word boundary with an ellipsis', () => {
    const out = excerpt(
      'The innermost planet climbs highest in the evening twilight this month.',
      40,
    )
    expect(out).toBe('The innermost planet climbs highest in…')
    expect(out.length).toBeLessThanOrEqual(40)
  })
})

describe('firstImageSrc', () => {
  it('finds the first absolute image', () => {
    expect(
      firstImageSrc(
        '<figure><img class="x" src="https://a.example/1.jpg?w=1&amp;h=2" alt=""></figure><img src="https://b.example/2.jpg">',
      ),
    ).toBe('https://a.example/1.jpg?w=1&h=2')
  })
  it('ignores relative and data URLs', () => {
    expect(firstImageSrc("<img src='/local.png'>")).toBeNull()
    expect(firstImageSrc('<img src="data:image/png;base64,AAA">')).toBeNull()
    expect(firstImageSrc('no image')).toBeNull()
  })
})
