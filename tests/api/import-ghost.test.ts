import { describe, expect, it } from 'vitest'
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ITEMS,
  IMPORT_MESSAGES,
  IMPORT_SKIPPED_LISTED,
} from '../../contracts/import-constants.ts'
import { GHOST_MESSAGES } from '../../server/import/ghost.ts'
import { HTTP_MESSAGES } from '../../server/http/errors.ts'
import { asAdmin, createPost } from '../support/factories.ts'
import { importEndpoint } from '../support/imports.ts'

const PATH = '/_api/admin/import/ghost'
const imp = importEndpoint(PATH, {
  file: 'tests/fakes/fixtures/ghost/ghost-6-export.json',
  name: 'ghost-export.json',
  type: 'application/json',
})
const { form, send, count, postBySlug } = imp

/** The fixture's import on a site that has one post, "Saturn at Opposition" tagged "planets". */
const EXPECTED = {
  created: { posts: 6, pages: 2, tags: 3 },
  skipped: [
    { title: 'The Old Mobiledoc Post', reason: GHOST_MESSAGES.editorOnly },
    { title: 'Members Lounge', reason: GHOST_MESSAGES.membersPage },
  ],
  skippedTotal: 2,
}

describe('POST /_api/admin/import/ghost', () => {
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
    // Taken before the import: the imported post gets the next free slug.
    await createPost(asAdmin(imp.t, imp.admin), {
      title: 'Saturn at Opposition',
      content: '<p>Mine</p>',
      status: 'published',
      tags: ['planets'],
    })
    await imp.expectDryRun(EXPECTED)
    expect(await count('blog_posts')).toBe(1)
  })

  it('imports the export in one go: counts, one audit entry, and the posts as Ghost had them', async () => {
    const activityBefore = await count('admin_activity')
    const res = await send(form())
    expect(res.status, res.text).toBe(200)
    // "Planets" is on the site already (as "planets"): three tag names are new.
    expect(res.json).toEqual(EXPECTED)
    expect(await count('blog_posts')).toBe(7)
    expect(await count('pages')).toBe(2)

    const audit = await imp.t.db
      .selectFrom('admin_activity')
      .selectAll()
      .orderBy('id', 'desc')
      .execute()
    expect(audit.length).toBe(activityBefore + 1)
    expect(audit[0]).toMatchObject({
      kind: 'import',
      action: 'import',
      summary: 'Imported from Ghost: 6 posts, 2 pages, 3 new tags; 2 skipped',
    })

    // The slug was taken: suffixed, the site's own post untouched.
    expect((await postBySlug('saturn-at-opposition')).content).toBe('<p>Mine</p>')
    const saturn = await postBySlug('saturn-at-opposition-2')
    expect(saturn).toMatchObject({
      title: 'Saturn at Opposition',
      status: 'published',
      published_at: '2025-10-02T21:00:00.000Z',
      excerpt: 'The ringed planet is at its best all night.',
      card_excerpt: 'The ringed planet is at its best all night.',
      featured_image_url: 'https://images.example.com/saturn.jpg',
      visibility: 'public',
      email_subscribers: 0,
    })
    expect(JSON.parse(saturn.tags)).toEqual(['Planets', 'Observing'])
    expect(saturn.content).toContain('<h2 id="content-when-to-look">When to look</h2>')

    expect((await postBySlug('deep-sky-notes')).visibility).toBe('members')
    expect((await postBySlug('astrophotography-masterclass')).visibility).toBe('members')
    expect(await postBySlug('comet-plans')).toMatchObject({ status: 'draft', published_at: null })
    expect((await postBySlug('october-sky-newsletter')).status).toBe('archived')

    const page = await imp.t.db
      .selectFrom('pages')
      .selectAll()
      .where('slug', '=', 'about-the-observatory')
      .executeTakeFirstOrThrow()
    expect(page).toMatchObject({
      title: 'About the Observatory',
      status: 'published',
      meta_description: 'Who runs this observatory, and where it is.',
    })
  })

  it('sanitizes the HTML as every post is: no script, no event handler, no javascript: link', async () => {
    const { content } = await postBySlug('hostile-markup')
    expect(content).toContain('Clear skies tonight.')
    expect(content).toContain('Seeing was good.')
    expect(content).not.toMatch(/<script|onerror|onclick|javascript:|evil\.example|alert\(/i)
  })

  it('finds an imported post through search, and shows a visitor its public posts only', async () => {
    const found = await imp.t.request('/_api/blog/list?search=opposition')
    expect(found.status).toBe(200)
    const titles = (found.json.posts as Array<{ title: string }>).map((p) => p.title)
    expect(titles).toContain('Saturn at Opposition')
    const list = await imp.t.request('/_api/blog/list?limit=50')
    const slugs = (list.json.posts as Array<{ slug: string }>).map((p) => p.slug)
    expect(slugs).not.toContain('comet-plans')
    expect(slugs).not.toContain('october-sky-newsletter')
  })

  it('a second import of the same file creates nothing, and says why each item was left out', async () => {
    const posts = await count('blog_posts')
    const res = await send(form())
    expect(res.status, res.text).toBe(200)
    expect(res.json.created).toEqual({ posts: 0, pages: 0, tags: 0 })
    expect(res.json.skipped).toContainEqual({
      title: 'Saturn at Opposition',
      reason: IMPORT_MESSAGES.importedBefore,
    })
    expect((res.json.skipped as unknown[]).length).toBe(10)
    expect(res.json.skippedTotal).toBe(10)
    expect(await count('blog_posts')).toBe(posts)
    expect(await count('pages')).toBe(2)
  })

  it('refuses bad input with a 4xx and a clear message, and writes nothing', async () => {
    const posts = await count('blog_posts')
    const activity = await count('admin_activity')
    const cases: Array<
      [string, () => Promise<{ status: number; json: { error?: string } }>, number, string]
    > = [
      ['not JSON', () => send(form('\x89PNG\r\n\x1a\n binary')), 400, GHOST_MESSAGES.notJson],
      ['not a Ghost export', () => send(form('{"posts": []}')), 400, GHOST_MESSAGES.notGhost],
      ['an empty file', () => send(form('')), 400, IMPORT_MESSAGES.emptyFile],
      ['no file field', () => send(new FormData()), 400, IMPORT_MESSAGES.fileRequired],
      [
        'a text field named file',
        () => {
          const body = new FormData()
          body.append('file', '{"db": []}')
          return send(body)
        },
        400,
        IMPORT_MESSAGES.fileRequired,
      ],
      [
        'a bad dryRun',
        () => imp.t.request(`${PATH}?dryRun=maybe`, { body: form(), cookie: imp.admin }),
        400,
        IMPORT_MESSAGES.dryRunInvalid,
      ],
      [
        'dryRun=1 in the address and 0 in the form',
        () => {
          const body = new FormData()
          body.append('dryRun', '0')
          body.append('file', form().get('file')!)
          return imp.t.request(`${PATH}?dryRun=1`, { body, cookie: imp.admin })
        },
        400,
        IMPORT_MESSAGES.dryRunInvalid,
      ],
      [
        'dryRun twice in the address',
        () => imp.t.request(`${PATH}?dryRun=1&dryRun=0`, { body: form(), cookie: imp.admin }),
        400,
        IMPORT_MESSAGES.dryRunInvalid,
      ],
      [
        'a misspelt dryrun',
        () => imp.t.request(`${PATH}?dryrun=1`, { body: form(), cookie: imp.admin }),
        400,
        IMPORT_MESSAGES.unknownField(['dryrun']),
      ],
      [
        'dryRun[] in the address',
        () => imp.t.request(`${PATH}?dryRun[]=1`, { body: form(), cookie: imp.admin }),
        400,
        IMPORT_MESSAGES.unknownField(['dryRun[]']),
      ],
      [
        'JSON instead of a form',
        () => imp.t.request(PATH, { json: { file: 'x' }, cookie: imp.admin }),
        415,
        HTTP_MESSAGES.multipartRequired,
      ],
      [
        'a file past the limit',
        () =>
          imp.t.request(PATH, {
            body: form(new Uint8Array(IMPORT_MAX_BYTES + 1)),
            cookie: imp.admin,
          }),
        413,
        IMPORT_MESSAGES.tooLarge,
      ],
    ]
    for (const [name, call, status, message] of cases) {
      const res = await call()
      expect(res.status, name).toBe(status)
      expect(res.json.error, name).toBe(message)
    }
    expect(IMPORT_MESSAGES.tooLarge).toContain('64 MB')
    expect(await count('blog_posts')).toBe(posts)
    expect(await count('admin_activity')).toBe(activity)
  })

  it('lists the first skipped items by name and counts them all', async () => {
    const count = IMPORT_SKIPPED_LISTED + 100
    const posts = Array.from({ length: count }, (_, i) => ({
      id: `editor-only-${i}`,
      title: `Editor only ${i}`,
      lexical: '{"root":{}}',
      html: null,
      status: 'published',
      type: 'post',
    }))
    const res = await send(form(tinyGhostExport(posts)), { dryRun: true })
    expect(res.status, res.text).toBe(200)
    expect(res.json.created).toEqual({ posts: 0, pages: 0, tags: 0 })
    expect(res.json.skippedTotal).toBe(count)
    const listed = res.json.skipped as Array<{ title: string; reason: string }>
    expect(listed).toHaveLength(IMPORT_SKIPPED_LISTED)
    expect(listed[0]).toEqual({ title: 'Editor only 0', reason: GHOST_MESSAGES.editorOnly })
    expect(listed.at(-1)!.title).toBe(`Editor only ${IMPORT_SKIPPED_LISTED - 1}`)
  })

  it(`refuses an export of more than ${IMPORT_MAX_ITEMS} posts and pages (413), and writes nothing`, async () => {
    const posts = await count('blog_posts')
    const activity = await count('admin_activity')
    // Tiny items: a few megabytes, yet each would be held until the import writes them. Reading
    // 50,000 leaves some 200 MB of garbage: the server's memory guard has it collected before it
    // would refuse the next import as "busy" (it counts this whole process, the test's included).
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `tiny-${i}`,
        title: `T${i}`,
        html: '<p>x</p>',
        status: 'published',
        type: 'post',
      }))
    for (const dryRun of [true, false]) {
      const res = await send(form(tinyGhostExport(items(IMPORT_MAX_ITEMS + 1))), { dryRun })
      expect(res.status, res.text).toBe(413)
      expect(res.json.error).toBe(IMPORT_MESSAGES.tooManyItems)
    }
    expect(IMPORT_MESSAGES.tooManyItems).toBe(
      'The export holds more than 50,000 posts and pages, the most one import reads.',
    )
    expect(await count('blog_posts')).toBe(posts)
    expect(await count('admin_activity')).toBe(activity)
    // The most it reads is read.
    const res = await send(form(tinyGhostExport(items(IMPORT_MAX_ITEMS))), { dryRun: true })
    expect(res.status, res.text).toBe(200)
    expect((res.json.created as { posts: number }).posts).toBe(IMPORT_MAX_ITEMS)
  }, 120_000)

  it('drops control characters, which PostgreSQL refuses in text, from what it imports', async () => {
    const exported = {
      db: [
        {
          meta: { exported_on: 1760518800000, version: '6.3.0' },
          data: {
            posts: [
              {
                id: 'c1',
                uuid: 'control-characters-1',
                title: 'Null\u0000 and bell\u0007',
                slug: 'control-characters',
                html: '<p>Before\u0000after</p>',
                custom_excerpt: 'An\u0000 excerpt',
                status: 'published',
                type: 'post',
                visibility: 'public',
                published_at: '2025-10-01T21:00:00.000Z',
              },
            ],
            tags: [{ id: 't1', name: 'Dark\u0000 sky', visibility: 'public' }],
            posts_tags: [{ id: 'pt1', post_id: 'c1', tag_id: 't1', sort_order: 0 }],
          },
        },
      ],
    }
    const res = await send(form(JSON.stringify(exported)))
    expect(res.status, res.text).toBe(200)
    expect(res.json.created).toEqual({ posts: 1, pages: 0, tags: 1 })
    const { title, content, excerpt, tags } = await postBySlug('control-characters')
    expect([title, content, excerpt, tags]).toEqual([
      'Null and bell',
      '<p>Beforeafter</p>',
      'An excerpt',
      '["Dark sky"]',
    ])
  })

  it('imports more posts of one instant than SQLite numbers in a millisecond', async () => {
    const posts = Array.from({ length: 1100 }, (_, i) => ({
      id: `same${i}`,
      uuid: `same-instant-${i}`,
      title: `Same instant ${i}`,
      slug: `same-instant-${i}`,
      html: '<p>Meteor</p>',
      status: 'published',
      type: 'post',
      published_at: '2025-08-12T22:00:00.000Z',
    }))
    const exported = { db: [{ meta: { version: '6.3.0' }, data: { posts } }] }
    const res = await send(form(JSON.stringify(exported)))
    expect(res.status, res.text).toBe(200)
    expect(res.json.created).toMatchObject({ posts: 1100 })
  }, 60_000)

  it('runs one import at a time: a second one meanwhile is answered 409', async () => {
    const release = imp.t.services.imports.begin()
    try {
      const res = await send(form(), { dryRun: true })
      expect(res.status).toBe(409)
      expect(res.json.error).toBe(IMPORT_MESSAGES.busy)
    } finally {
      release()
    }
    expect((await send(form(), { dryRun: true })).status).toBe(200)
  })

  it('refuses a file of endless nesting at once, before it costs memory', async () => {
    const opening = '{"db":[{"meta":{"version":"6.3.0"},"data":{"posts":'
    const body = form(opening + '['.repeat(1_000_000))
    // A parser frame per open bracket: unbounded, a million of them took 436 MB.
    const before = process.memoryUsage().heapUsed
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5)
    try {
      const res = await send(body)
      expect(res.status).toBe(400)
      expect(res.json.error).toBe(GHOST_MESSAGES.notJson)
    } finally {
      clearInterval(sampler)
    }
    expect((peak - before) / 2 ** 20, 'heap grown while refusing it (MB)').toBeLessThan(100)
  })

  it('keeps what a crafted post says within what the site stores: ids, dates, image addresses', async () => {
    const post = (i: number, fields: Record<string, unknown>) => ({
      id: `crafted${i}`,
      uuid: `crafted-${i}`,
      title: `Crafted ${i}`,
      slug: `crafted-${i}`,
      html: '<p>Crafted</p>',
      status: 'published',
      type: 'post',
      published_at: '2025-10-01T21:00:00.000Z',
      ...fields,
    })
    const exported = {
      db: [
        {
          meta: { version: '6.3.0' },
          data: {
            posts: [
              post(1, { uuid: 'nul\u0000in-id' }),
              post(2, { uuid: 'u'.repeat(4000) }),
              post(3, { published_at: '+275760-09-13T00:00:00.000Z' }),
              post(4, { published_at: '+275760-09-13T00:00:00.000Z' }),
              post(5, { feature_image: 'javascript:alert(document.cookie)' }),
              post(6, { feature_image: 'https://images.example.com/a\u0000b.jpg' }),
            ],
          },
        },
      ],
    }
    const body = JSON.stringify(exported)
    const dry = await send(form(body), { dryRun: true })
    expect(dry.status, dry.text).toBe(200)
    const res = await send(form(body))
    expect(res.status, res.text).toBe(200)
    expect(res.json.created).toMatchObject({ posts: 6 })
    const rows = await imp.t.db
      .selectFrom('blog_posts')
      .select(['slug', 'published_at', 'featured_image_url'])
      .where('slug', 'like', 'crafted-%')
      .orderBy('slug')
      .execute()
    for (const row of rows) {
      expect(row.published_at, row.slug).toMatch(/^\d{4}-\d{2}-\d{2}T/)
      expect(row.featured_image_url, row.slug).toBeNull()
    }
    // The same file again: every crafted id is recognised, nothing is created twice.
    const again = await send(form(body))
    expect(again.json.created).toEqual({ posts: 0, pages: 0, tags: 0 })
  })
})

/** A Ghost 6 export of these posts, and nothing else. */
function tinyGhostExport(posts: object[]): string {
  return JSON.stringify({
    db: [{ meta: { exported_on: 1760518800000, version: '6.3.0' }, data: { posts } }],
  })
}
