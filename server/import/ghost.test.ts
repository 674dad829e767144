import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { ImportedEntry, ImportReadResult } from './entries.ts'
import { ImportFormatError } from './entries.ts'
import { GHOST_MESSAGES, readGhostExport } from './ghost.ts'
import {
  IMPORT_MAX_ITEMS,
  IMPORT_MAX_SIDE_ROWS,
  IMPORT_MESSAGES,
} from '../../contracts/import-constants.ts'
import { PayloadTooLarge } from '../shared/errors.ts'
import { readUntilRefused } from '../../tests/support/import-readers.ts'

const FIXTURE = path.resolve('tests/fakes/fixtures/ghost/ghost-6-export.json')
const dir = mkdtempSync(path.join(tmpdir(), 'ghost-reader-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function readAll(file: string): Promise<ImportReadResult[]> {
  const out: ImportReadResult[] = []
  for await (const item of readGhostExport(file)) out.push(item)
  return out
}

function fileWith(name: string, content: string): string {
  const file = path.join(dir, name)
  writeFileSync(file, content)
  return file
}

const entry = (items: ImportReadResult[], title: string) =>
  items.find((i): i is ImportedEntry => i.type === 'entry' && i.title === title)

describe('readGhostExport', () => {
  it('reads a Ghost 6 export: posts and pages in file order, with tags, dates and visibility', async () => {
    const items = await readAll(FIXTURE)
    expect(items.map((i) => [i.type, i.title])).toEqual([
      ['entry', 'Saturn at Opposition'],
      ['entry', 'A Night of Hostile Markup'],
      ['entry', 'Deep Sky Notes for Members'],
      ['entry', 'Astrophotography Masterclass'],
      ['entry', 'Comet Plans (draft)'],
      ['skipped', 'The Old Mobiledoc Post'],
      ['entry', 'Newsletter: October Sky'],
      ['entry', 'About the Observatory'],
      ['entry', 'Observing Guide'],
      ['skipped', 'Members Lounge'],
    ])
    expect(entry(items, 'Saturn at Opposition')).toMatchObject({
      kind: 'post',
      sourceId: '0b9a4e5e-6f0c-4a3e-9a57-3f1f2d7c1001',
      slug: 'saturn-at-opposition',
      status: 'published',
      publishedAt: '2025-10-02T21:00:00.000Z',
      excerpt: 'The ringed planet is at its best all night.',
      featureImageUrl: 'https://images.example.com/saturn.jpg',
      tags: ['Planets', 'Observing'],
      visibility: 'public',
    })
    expect(entry(items, 'Deep Sky Notes for Members')).toMatchObject({
      visibility: 'members',
      tags: ['Deep Sky', 'Observing'],
    })
    // Paid is members-only here; Ghost's own image addresses mean nothing on this site.
    expect(entry(items, 'Astrophotography Masterclass')).toMatchObject({
      visibility: 'members',
      featureImageUrl: null,
    })
    expect(entry(items, 'Comet Plans (draft)')).toMatchObject({
      status: 'draft',
      publishedAt: null,
    })
    // Ghost's internal tags (#newsletter) stay behind; an e-mail-only post is kept out of sight.
    expect(entry(items, 'Newsletter: October Sky')).toMatchObject({
      status: 'archived',
      tags: ['Observing'],
    })
    expect(entry(items, 'About the Observatory')).toMatchObject({
      kind: 'page',
      excerpt: 'Who runs this observatory, and where it is.',
    })
    expect(items.find((i) => i.title === 'The Old Mobiledoc Post')).toEqual({
      type: 'skipped',
      title: 'The Old Mobiledoc Post',
      reason: GHOST_MESSAGES.editorOnly,
    })
    expect(items.find((i) => i.title === 'Members Lounge')).toMatchObject({
      reason: GHOST_MESSAGES.membersPage,
    })
  })

  it('reads the older bare {meta, data} shape too', async () => {
    const file = fileWith(
      'bare.json',
      JSON.stringify({
        meta: { version: '5.80.0', exported_on: 1 },
        data: { posts: [{ id: 'a', uuid: 'u-1', title: 'Moon', slug: 'moon', html: '<p>x</p>' }] },
      }),
    )
    expect(await readAll(file)).toMatchObject([{ type: 'entry', title: 'Moon', sourceId: 'u-1' }])
  })

  it('refuses what is not JSON, and JSON that is not a Ghost export', async () => {
    for (const [name, content, message] of [
      ['png.json', '\x89PNG\r\n\x1a\n', GHOST_MESSAGES.notJson],
      [
        'cut.json',
        '{"db":[{"meta":{"version":"6.0.0"},"data":{"posts":[{"title":"x"',
        GHOST_MESSAGES.notJson,
      ],
      ['other.json', '{"posts":[{"title":"x","html":"<p>x</p>"}]}', GHOST_MESSAGES.notGhost],
      ['array.json', '[1, 2, 3]', GHOST_MESSAGES.notGhost],
      ['string.json', '"ghost"', GHOST_MESSAGES.notGhost],
    ] as const) {
      const error = await readAll(fileWith(name, content)).catch((e: unknown) => e)
      expect(error, name).toBeInstanceOf(ImportFormatError)
      expect((error as Error).message, name).toBe(message)
    }
  })

  describe('limits, before any post is given', () => {
    const ghostFile = (name: string, data: Record<string, unknown[]>) =>
      fileWith(name, JSON.stringify({ db: [{ meta: { version: '6.3.0' }, data }] }))
    const tinyPosts = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `p${i}`,
        title: `T${i}`,
        html: '<p>x</p>',
        type: 'post',
        status: 'published',
      }))

    const refusal = (file: string) => readUntilRefused(readGhostExport, file)

    it(`refuses more than ${IMPORT_MAX_ITEMS} posts and pages`, async () => {
      const { error, given } = await refusal(
        ghostFile('many-posts.json', { posts: tinyPosts(IMPORT_MAX_ITEMS + 1) }),
      )
      expect(error).toBeInstanceOf(PayloadTooLarge)
      expect((error as Error).message).toBe(IMPORT_MESSAGES.tooManyItems)
      expect(given).toBe(0)
    })

    it(`refuses more than ${IMPORT_MAX_SIDE_ROWS} tags, tag links and descriptions`, async () => {
      const links = Array.from({ length: IMPORT_MAX_SIDE_ROWS + 1 }, () => ({
        post_id: 'p0',
        tag_id: 't',
      }))
      const { error, given } = await refusal(
        ghostFile('many-links.json', { posts: tinyPosts(1), posts_tags: links }),
      )
      expect(error).toBeInstanceOf(PayloadTooLarge)
      expect((error as Error).message).toBe(IMPORT_MESSAGES.tooManySideRows)
      expect(given).toBe(0)
    })

    it('reads 50,000 tags on one post in a moment, each name once whatever its case', async () => {
      const tags = Array.from({ length: 50_000 }, (_, i) => ({
        id: `t${i}`,
        name: `Tag ${i % 25_000}`,
      }))
      tags[1] = { id: 't1', name: 'TAG 0' }
      const links = tags.map((t, i) => ({ post_id: 'p0', tag_id: t.id, sort_order: i }))
      const file = ghostFile('many-tags.json', { posts: tinyPosts(1), tags, posts_tags: links })
      const started = performance.now()
      const [post] = await readAll(file)
      // Comparing each name with every one before it took 23 s, the server held all along.
      expect(performance.now() - started).toBeLessThan(5_000)
      const names = (post as ImportedEntry).tags
      expect(names).toHaveLength(25_000)
      expect(names.slice(0, 3)).toEqual(['Tag 0', 'Tag 2', 'Tag 3'])
    })

    it('reads the most it takes: posts, and descriptions that say nothing are not counted', async () => {
      const empty = Array.from({ length: IMPORT_MAX_SIDE_ROWS + 1 }, (_, i) => ({
        post_id: `p${i}`,
        meta_description: '',
      }))
      const { error, given } = await refusal(
        ghostFile('most.json', { posts: tinyPosts(IMPORT_MAX_ITEMS), posts_meta: empty }),
      )
      expect(error).toBeNull()
      expect(given).toBe(IMPORT_MAX_ITEMS)
    })
  })
})
