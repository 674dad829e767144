import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { IMPORT_MESSAGES } from '../../contracts/import-constants.ts'
import { HTTP_MESSAGES } from '../../server/http/errors.ts'
import { WORDPRESS_MESSAGES } from '../../server/import/wordpress.ts'
import { importEndpoint } from '../support/imports.ts'

/**
 * "Import from WordPress": a WXR 1.2 export through the same shared step as Ghost's (sanitized,
 * slugs kept or suffixed, one transaction, idempotent), on both engines.
 */
const PATH = '/_api/admin/import/wordpress'
const GHOST = new Uint8Array(
  readFileSync(path.resolve('tests/fakes/fixtures/ghost/ghost-6-export.json')),
)
const imp = importEndpoint(PATH, {
  file: 'tests/fakes/fixtures/wordpress/wxr-1.2-export.xml',
  name: 'skywatch.WordPress.xml',
  type: 'text/xml',
})
const { form, send, count, postBySlug } = imp

/** The fixture's import on an empty site. */
const EXPECTED = {
  created: { posts: 7, pages: 1, tags: 5 },
  skipped: [
    { title: 'Old telescope for sale', reason: WORDPRESS_MESSAGES.trashed },
    { title: 'Star party: Kielder, March', reason: WORDPRESS_MESSAGES.otherType('event') },
  ],
  skippedTotal: 2,
}

describe('POST /_api/admin/import/wordpress', () => {
  it('answers a visitor 401 and a member 403, and reads nothing for them', async () => {
    const visitor = await imp.t.request(PATH, { body: form() })
    expect(visitor.status).toBe(401)
    expect(visitor.json.error).toBe(HTTP_MESSAGES.notAuthenticated)
    const refused = await send(form(), { cookie: imp.member })
    expect(refused.status).toBe(403)
    expect(refused.json.error).toBe(HTTP_MESSAGES.forbidden)
    expect(await count('blog_posts')).toBe(0)
  })

  it('a dry run answers what the import would create and skip, and writes nothing', async () => {
    await imp.expectDryRun(EXPECTED)
    expect(await count('blog_posts')).toBe(0)
  })

  it('imports the posts and the page as WordPress had them, with one audit entry', async () => {
    const activity = await count('admin_activity')
    const res = await send(form())
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual(EXPECTED)
    expect(await count('blog_posts')).toBe(7)
    expect(await count('pages')).toBe(1)
    expect(await count('admin_activity')).toBe(activity + 1)
    const audit = await imp.t.db
      .selectFrom('admin_activity')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(audit).toMatchObject({ kind: 'import', action: 'import' })
    expect(audit.summary).toBe('Imported from WordPress: 7 posts, 1 page, 5 new tags; 2 skipped')

    const orion = await postBySlug('orions-great-nebula')
    expect(orion).toMatchObject({
      title: 'Orion’s Great Nebula',
      status: 'published',
      published_at: '2026-01-10T22:45:00.000Z',
      excerpt: 'A stellar nursery you can see with binoculars & a dark sky.',
      featured_image_url: 'https://skywatch.example/wp-content/uploads/2026/01/m42-orion.jpg',
      visibility: 'public',
      email_subscribers: 0,
    })
    expect(JSON.parse(orion.tags)).toEqual(['Deep sky', 'Nebulae', 'Orion'])
    expect(orion.content).toContain('a stellar nursery 1,344 light-years away.')
    // WordPress's block comments are not kept.
    expect(orion.content).not.toContain('<!--')

    expect((await postBySlug('observing-log-members-night')).visibility).toBe('members')
    expect(await postBySlug('les-pleiades-a-loeil-nu')).toMatchObject({
      status: 'draft',
      published_at: null,
    })
    // "about" is the site's own page: the imported one takes the next free slug.
    const page = await imp.t.db
      .selectFrom('pages')
      .selectAll()
      .where('title', '=', 'About')
      .executeTakeFirstOrThrow()
    expect(page).toMatchObject({ status: 'published' })
    expect(page.slug).not.toBe('about')
    expect(page.content).toContain('An amateur astronomer')
  })

  it('sanitizes the classic-editor post’s hostile HTML and keeps its text', async () => {
    const { content } = await postBySlug('totality-over-the-atlantic')
    expect(content).toContain('<strong>1 minute 45 seconds</strong>')
    expect(content).toContain('See the path map')
    expect(content).not.toMatch(/<script|onerror|javascript:|evil\.example|alert\(/i)
  })

  it('a second import of the same file creates nothing, and says why', async () => {
    const posts = await count('blog_posts')
    const res = await send(form())
    expect(res.status, res.text).toBe(200)
    expect(res.json.created).toEqual({ posts: 0, pages: 0, tags: 0 })
    expect(res.json.skipped).toContainEqual({
      title: 'Orion’s Great Nebula',
      reason: IMPORT_MESSAGES.importedBefore,
    })
    expect(await count('blog_posts')).toBe(posts)
    expect(await count('pages')).toBe(1)
  })

  it('refuses what is not a WordPress export with a 400 and its message, and writes nothing', async () => {
    const posts = await count('blog_posts')
    const activity = await count('admin_activity')
    const cases: Array<[string, string | Uint8Array<ArrayBuffer>, string]> = [
      ['a Ghost export', GHOST, WORDPRESS_MESSAGES.notWxr],
      [
        'an RSS feed',
        '<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>',
        WORDPRESS_MESSAGES.plainRss,
      ],
      [
        'a file cut short',
        imp.fixture.subarray(0, imp.fixture.length / 2),
        WORDPRESS_MESSAGES.truncated,
      ],
      ['binary', '\x89PNG\r\n\x1a\n binary', WORDPRESS_MESSAGES.notWxr],
      ['an empty file', '', IMPORT_MESSAGES.emptyFile],
    ]
    for (const [name, content, message] of cases) {
      const res = await send(form(content))
      expect(res.status, name).toBe(400)
      expect(res.json.error, name).toBe(message)
    }
    expect(await count('blog_posts')).toBe(posts)
    expect(await count('admin_activity')).toBe(activity)
  })

  it('refuses a file of endless nesting at once, and keeps crafted items within what the site stores', async () => {
    const head =
      '<?xml version="1.0"?><rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel>'
    const started = performance.now()
    const deep = await send(form(head + '<a>'.repeat(200_000)))
    expect(deep.status).toBe(400)
    expect(deep.json.error).toBe(WORDPRESS_MESSAGES.notWxr)
    expect(performance.now() - started).toBeLessThan(10_000)

    const crafted =
      head +
      '<wp:wxr_version>1.2</wp:wxr_version>' +
      '<item><title>Crafted</title><guid>nul\u0000guid</guid><wp:post_id>7</wp:post_id>' +
      '<wp:post_name>crafted-wordpress</wp:post_name><wp:status>publish</wp:status>' +
      '<wp:post_type>post</wp:post_type><content:encoded><![CDATA[<p>Crafted</p>]]></content:encoded>' +
      '<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>8</wp:meta_value></wp:postmeta></item>' +
      '<item><title>Picture</title><wp:post_id>8</wp:post_id><wp:post_type>attachment</wp:post_type>' +
      '<wp:attachment_url>javascript:alert(document.cookie)</wp:attachment_url></item>' +
      '</channel></rss>'
    const res = await send(form(crafted))
    expect(res.status, res.text).toBe(200)
    expect(res.json.created).toMatchObject({ posts: 1 })
    expect((await postBySlug('crafted-wordpress')).featured_image_url).toBeNull()
  })
})
