import { describe, expect, it } from 'vitest'
import { BlogCreateInput, BlogListQuery, BlogUpdateInput, CONTENT_MESSAGES } from './blog.ts'

const post = { title: 'T', content: '<p>Body</p>' }
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message

describe('post visibility in the blog contracts', () => {
  it('creates public posts unless told, and clears nothing itself', () => {
    const parsed = BlogCreateInput.parse(post)
    expect(parsed.visibility).toBe('public')
    expect(parsed.publicAt).toBeUndefined()
  })

  it('refuses an unknown visibility with its message', () => {
    const r = BlogCreateInput.safeParse({ ...post, visibility: 'secret' })
    expect(firstMessage(r)).toBe(CONTENT_MESSAGES.invalidVisibility)
  })

  it('asks an early-access post for the date it opens, on create and when an update clears it', () => {
    const created = BlogCreateInput.safeParse({ ...post, visibility: 'early-access' })
    expect(firstMessage(created)).toBe(CONTENT_MESSAGES.publicAtRequired)
    expect(created.error?.issues[0]?.path).toEqual(['publicAt'])
    const updated = BlogUpdateInput.safeParse({
      id: 'x',
      visibility: 'early-access',
      publicAt: null,
    })
    expect(firstMessage(updated)).toBe(CONTENT_MESSAGES.publicAtRequired)
    // Left out, the stored date stands: the service decides.
    expect(BlogUpdateInput.safeParse({ id: 'x', visibility: 'early-access' }).success).toBe(true)
  })

  it('wants the opening date after the publish date, as UTC', () => {
    const base = { ...post, visibility: 'early-access', publishedAt: '2026-12-01T10:00:00Z' }
    const same = BlogCreateInput.safeParse({ ...base, publicAt: '2026-12-01T12:00:00+02:00' })
    expect(firstMessage(same)).toBe(CONTENT_MESSAGES.publicAtBeforePublish)
    const later = BlogCreateInput.parse({ ...base, publicAt: '2026-12-08T10:00:00+01:00' })
    expect(later.publicAt).toBe('2026-12-08T09:00:00.000Z')
    const update = BlogUpdateInput.safeParse({
      id: 'x',
      publishedAt: '2026-12-01T10:00:00Z',
      publicAt: '2026-11-01T10:00:00Z',
    })
    expect(firstMessage(update)).toBe(CONTENT_MESSAGES.publicAtBeforePublish)
  })

  it('checks the opening date as a publish date is checked', () => {
    const r = BlogCreateInput.safeParse({ ...post, visibility: 'early-access', publicAt: 'soon' })
    expect(firstMessage(r)).toBe(CONTENT_MESSAGES.invalidPublicAt)
  })

  it('takes the two list filters and refuses anything else', () => {
    expect(BlogListQuery.parse({ filter: 'members' }).filter).toBe('members')
    expect(BlogListQuery.parse({ filter: 'early-access' }).filter).toBe('early-access')
    expect(BlogListQuery.parse({}).filter).toBeUndefined()
    expect(firstMessage(BlogListQuery.safeParse({ filter: 'public' }))).toBe(
      CONTENT_MESSAGES.invalidFilter,
    )
  })
})
