import { describe, expect, it } from 'vitest'
import { cardExcerpt, leadingText } from './card-excerpt.ts'
import { htmlToText } from './html-text.ts'

describe('cardExcerpt', () => {
  it('uses the excerpt when there is one', () => {
    expect(cardExcerpt({ excerpt: ' Short and sweet. ', content: '<p>Long</p>' })).toBe(
      'Short and sweet.',
    )
  })
  it('falls back to the first 150 characters of the text with an ellipsis', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')
    const out = cardExcerpt({ excerpt: null, content: `<h2>Title</h2><p>${words}</p>` })
    expect(out.endsWith('...')).toBe(true)
    expect(out.length).toBeLessThanOrEqual(153)
    expect(out.startsWith('Title word0 word1')).toBe(true)
    expect(out).not.toContain('<')
  })
  it('shows short content whole, without an ellipsis', () => {
    expect(cardExcerpt({ excerpt: '', content: '<p>Tiny &amp; brief</p>' })).toBe('Tiny & brief')
  })
})

describe('leadingText', () => {
  const paragraph = (i: number) =>
    `<p>Paragraph ${i} with <a href="/blog/x?a=1&amp;b=2" title="a > b">a link</a> &amp; more words.</p>`
  const articles = [
    Array.from({ length: 300 }, (_, i) => paragraph(i)).join('\n'),
    `<p>${'long first paragraph '.repeat(400)}</p><p>after</p>`,
    'plain text without any tags '.repeat(200),
    `<h2>Heading</h2>${'<img src="/a.png" alt="">'.repeat(500)}<p>Text after many images.</p>`,
    '<p>Short.</p>',
  ]
  it('starts exactly like the text of the whole article, however it is cut', () => {
    for (const html of articles) {
      const whole = htmlToText(html)
      const lead = leadingText(html, 150)
      expect(whole.startsWith(lead.slice(0, 150))).toBe(true)
      expect(lead.length).toBeGreaterThanOrEqual(Math.min(150, whole.length))
    }
  })
  it('reads only the start of a long article', () => {
    expect(leadingText(articles[0]!, 150).length).toBeLessThan(htmlToText(articles[0]!).length / 10)
  })
})

describe('htmlToText', () => {
  it('keeps words of adjacent blocks apart', () => {
    expect(htmlToText('<p>One</p><p>Two<br>Three</p>')).toBe('One Two Three')
  })
})
