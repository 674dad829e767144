import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_MAX_DEPTH, CONTENT_MESSAGES } from '../../contracts/blog.ts'
import type { ContentPage } from '../../contracts/pages.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'
import { asAdmin, createFaq } from '../support/factories.ts'

const clock = testClock()
let t: TestApp
let admin: string
let member: string
beforeAll(async () => {
  t = await createTestApp({ clock })
  admin = (await t.signedIn('admin')).cookie
  member = (await t.signedIn('user')).cookie
})
afterAll(() => t?.close())

describe('FAQs', () => {
  it('creates, lists in order, updates (with lastUpdated) and deletes', async () => {
    const a = await t.request('/_api/faqs/create', {
      json: { title: 'First?', content: '<p>Yes.</p>' },
      cookie: admin,
    })
    expect(a.status).toBe(200)
    expect(a.json).toMatchObject({
      title: 'First?',
      content: '<p>Yes.</p>',
      lastUpdated: clock.now().toISOString(),
    })
    expect(typeof a.json.id).toBe('number')
    await createFaq(asAdmin(t, admin), { title: 'Second?', content: 'No.' })
    const listed = await t.request('/_api/faqs/list')
    expect((listed.json.faqs as Array<{ title: string }>).map((f) => f.title)).toEqual([
      'First?',
      'Second?',
    ])

    clock.advance(60_000)
    const updated = await t.request('/_api/faqs/update', {
      json: { id: a.json.id, content: '<p onclick="x">Still yes.</p>' },
      cookie: admin,
    })
    expect(updated.json).toMatchObject({
      title: 'First?',
      content: '<p>Still yes.</p>',
      lastUpdated: clock.now().toISOString(),
    })

    expect(
      (await t.request('/_api/faqs/delete', { json: { id: a.json.id }, cookie: admin })).json,
    ).toEqual({ success: true })
    expect(
      (await t.request('/_api/faqs/delete', { json: { id: a.json.id }, cookie: admin })).status,
    ).toBe(404)
  })

  it.each([
    ['/_api/faqs/create', { content: 'x' }, 'Title is required'],
    ['/_api/faqs/create', { title: 'x', content: '' }, 'Content is required'],
    ['/_api/faqs/update', { id: 1, title: '' }, 'Title is required'],
    ['/_api/faqs/update', { id: 0, title: 'x' }, 'FAQ id must be a positive whole number'],
    ['/_api/faqs/delete', { id: -3 }, 'FAQ id must be a positive whole number'],
    ['/_api/faqs/delete', { id: 'abc' }, 'FAQ id must be a positive whole number'],
  ])('%s %j → 400 %s', async (path, body, message) => {
    const res = await t.request(path, { json: body, cookie: admin })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(message)
  })

  it('refuses markup nested deeper than any article, for FAQs, pages and posts alike', async () => {
    const deep =
      '<div>'.repeat(CONTENT_MAX_DEPTH + 1) + 'x' + '</div>'.repeat(CONTENT_MAX_DEPTH + 1)
    for (const [path, body] of [
      ['/_api/faqs/create', { title: 'Deep', content: deep }],
      ['/_api/pages/create', { title: 'Deep', content: deep }],
      ['/_api/blog/create', { title: 'Deep', content: deep }],
    ] as const) {
      const res = await t.request(path, { json: body, cookie: admin })
      expect(res.status, path).toBe(400)
      expect(res.json).toMatchObject({
        error: CONTENT_MESSAGES.tooDeep,
        details: { content: [CONTENT_MESSAGES.tooDeep] },
      })
    }
  })

  it('refuses members', async () => {
    expect(
      (await t.request('/_api/faqs/create', { json: { title: 'x', content: 'y' }, cookie: member }))
        .status,
    ).toBe(403)
  })
})

describe('content pages', () => {
  async function createPage(body: Record<string, unknown>) {
    return t.request('/_api/pages/create', {
      json: { content: '<p>Body</p>', ...body },
      cookie: admin,
    })
  }

  it('creates with draft default and derived slug; update answers id and slug', async () => {
    const res = await createPage({ title: 'Dark Sky Sites' })
    expect(res.status).toBe(200)
    const page = res.json as unknown as ContentPage
    expect(page).toMatchObject({
      slug: 'dark-sky-sites',
      status: 'draft',
      metaDescription: null,
      publishedAt: null,
    })
    const upd = await t.request('/_api/pages/update', {
      json: { id: page.id, status: 'published', metaDescription: 'Where to go' },
      cookie: admin,
    })
    expect(upd.json).toMatchObject({
      id: page.id,
      slug: 'dark-sky-sites',
      status: 'published',
      metaDescription: 'Where to go',
    })
  })

  it('refuses a slug that belongs to a built-in page, and moves a derived one aside', async () => {
    for (const slug of ['blog', 'admin', 'kp-index', 'Contact']) {
      const res = await createPage({ title: 'Clash', slug })
      expect(res.status).toBe(409)
      expect(res.json.error).toBe(
        `The address /${slug.toLowerCase()} belongs to a built-in page of the site; choose another slug.`,
      )
    }
    expect((await createPage({ title: 'About' })).json.slug).toBe('about-2')
  })

  it('refuses a taken slug with 409', async () => {
    await createPage({ title: 'Gear', slug: 'my-gear' })
    const res = await createPage({ title: 'Gear again', slug: 'my-gear' })
    expect(res.status).toBe(409)
    expect(res.json.error).toBe('A page with the slug "my-gear" already exists.')
  })

  it('shows visitors only published pages, through list and get', async () => {
    const hidden = (await createPage({ title: 'Secret plans', status: 'draft' }))
      .json as unknown as ContentPage
    const later = (
      await createPage({
        title: 'Future page',
        status: 'published',
        publishedAt: new Date(clock.now().getTime() + 3600_000).toISOString(),
      })
    ).json as unknown as ContentPage
    const shown = (await createPage({ title: 'Open page', status: 'published' }))
      .json as unknown as ContentPage
    const titles = ((await t.request('/_api/pages/list')).json.pages as ContentPage[]).map(
      (p) => p.title,
    )
    expect(titles).toContain('Open page')
    expect(titles).not.toContain('Secret plans')
    expect(titles).not.toContain('Future page')
    for (const p of [hidden, later]) {
      expect((await t.request('/_api/pages/get', { json: { slug: p.slug } })).status).toBe(404)
      expect(
        (await t.request('/_api/pages/get', { json: { id: p.id }, cookie: member })).status,
      ).toBe(404)
    }
    expect((await t.request('/_api/pages/get', { json: { slug: shown.slug } })).json.title).toBe(
      'Open page',
    )
    expect(
      (await t.request('/_api/pages/get', { json: { id: hidden.id }, cookie: admin })).json.title,
    ).toBe('Secret plans')
    expect((await t.request('/_api/pages/list?status=draft', { cookie: member })).status).toBe(403)
    const drafts = (
      (await t.request('/_api/pages/list?status=draft', { cookie: admin })).json
        .pages as ContentPage[]
    ).map((p) => p.title)
    expect(drafts).toContain('Secret plans')
    expect(drafts).not.toContain('Open page')
  })

  it('searches pages by title for the admin list', async () => {
    const res = await t.request('/_api/pages/list?search=SKY', { cookie: admin })
    expect((res.json.pages as ContentPage[]).map((p) => p.slug)).toEqual(['dark-sky-sites'])
  })

  it('takes % and _ in a search literally', async () => {
    await createPage({ title: '100% dark skies', status: 'draft' })
    await createPage({ title: 'snake_case notes', status: 'draft' })
    const search = async (q: string) =>
      (
        (await t.request(`/_api/pages/list?search=${encodeURIComponent(q)}`, { cookie: admin }))
          .json.pages as ContentPage[]
      ).map((p) => p.title)
    expect(await search('100%')).toEqual(['100% dark skies'])
    expect(await search('%')).toEqual(['100% dark skies'])
    expect(await search('e_c')).toEqual(['snake_case notes'])
    expect(await search('_')).toEqual(['snake_case notes'])
  })

  it('validates with the spec messages', async () => {
    expect((await createPage({ title: '' })).json.error).toBe('Title is required')
    expect((await t.request('/_api/pages/get', { json: {} })).json.error).toBe(
      'Either id or slug must be provided',
    )
    expect((await t.request('/_api/pages/delete', { json: {}, cookie: admin })).json.error).toBe(
      'Id is required',
    )
    expect(
      (await t.request('/_api/pages/delete', { json: { id: 'missing' }, cookie: admin })).status,
    ).toBe(404)
  })
})

describe('ids and URLs are what they say', () => {
  it('FAQ ids are integers or integer strings only, never coerced from true or [1]', async () => {
    const { cookie } = await t.signedIn('admin')
    for (const id of [true, [1], '1e0', '0x1', 1.5, -1, '']) {
      const res = await t.request('/_api/faqs/delete', { json: { id }, cookie })
      expect(res.status, JSON.stringify(id)).toBe(400)
      expect(res.json.error).toBe('FAQ id must be a positive whole number')
    }
  })

  it('a featured image URL is http or https only', async () => {
    const { cookie } = await t.signedIn('admin')
    for (const url of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://example.org/a.png',
      'file:///etc/passwd',
    ]) {
      const res = await t.request('/_api/blog/create', {
        json: { title: 'Scheme', content: '<p>x</p>', featuredImageUrl: url },
        cookie,
      })
      expect(res.status, url).toBe(400)
      expect(res.json.error).toBe('Featured image URL must be a valid URL')
    }
    const ok = await t.request('/_api/blog/create', {
      json: {
        title: 'Scheme ok',
        content: '<p>x</p>',
        featuredImageUrl: 'https://example.org/a.png',
      },
      cookie,
    })
    expect(ok.status).toBe(200)
  })
})
