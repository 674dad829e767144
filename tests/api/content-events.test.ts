import type { KyselyPlugin, PluginTransformQueryArgs, QueryId, RootOperationNode } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionUser } from '../../contracts/auth.ts'
import { CONTENT_MESSAGES } from '../../contracts/blog.ts'
import { createBlogService } from '../../server/services/blog.ts'
import { NotFound } from '../../server/shared/errors.ts'
import {
  type ContentTopic,
  createContentEvents,
  type ContentEvents,
} from '../../server/shared/content-events.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let t: TestApp
let author: SessionUser
beforeAll(async () => {
  t = await createTestApp()
  author = await t.createUser({ role: 'admin' })
})
afterAll(() => t.close())

/** Every announcement on `events` while `run` runs, in order. */
async function heardDuring(
  events: ContentEvents,
  run: () => Promise<unknown>,
): Promise<ContentTopic[][]> {
  const heard: ContentTopic[][] = []
  const stop = events.subscribe((topics) => heard.push([...topics]))
  try {
    await run().catch(() => {})
  } finally {
    stop()
  }
  return heard
}

const post = { content: '<p>Saturn tonight</p>', status: 'published' as const, tags: [] }

describe('content events', () => {
  it('announces a new post once its transaction has committed', async () => {
    // Read through the database while the listener runs: on PostgreSQL another connection sees
    // the row only once the transaction has committed (on SQLite the read waits for it).
    const seen: Promise<unknown>[] = []
    const stop = t.services.events.subscribe((topics) => {
      seen.push(
        t.db
          .selectFrom('blog_posts')
          .select('title')
          .where('slug', '=', 'after-commit')
          .executeTakeFirst()
          .then((row) => ({ topics, row })),
      )
    })
    await t.services.blog.create({ ...post, title: 'After commit' }, author)
    stop()
    expect(await Promise.all(seen)).toEqual([{ topics: ['posts'], row: { title: 'After commit' } }])
  })

  it('announces nothing for an update that changes nothing or a delete of a missing row', async () => {
    const created = await t.services.blog.create({ ...post, title: 'Unchanged' }, author)
    const same = { id: created.id, title: 'Unchanged', content: post.content, tags: [] }
    let answered: unknown
    expect(
      await heardDuring(t.services.events, async () => {
        answered = await t.services.blog.update(same)
      }),
    ).toEqual([])
    // Nothing was written: the post keeps its last change time.
    expect(answered).toEqual(created)
    let refused: unknown
    const removeMissing = () =>
      t.services.blog.remove('no-such-post').catch((error: unknown) => (refused = error))
    expect(await heardDuring(t.services.events, removeMissing)).toEqual([])
    expect(refused).toEqual(new NotFound(CONTENT_MESSAGES.postNotFound))

    expect(
      await heardDuring(t.services.events, () =>
        t.services.blog.update({ id: created.id, title: 'Changed' }),
      ),
    ).toEqual([['posts']])
    expect(await heardDuring(t.services.events, () => t.services.blog.remove(created.id))).toEqual([
      ['posts'],
    ])
  })

  it('announces nothing when the transaction rolls back', async () => {
    // The post's row is written, then its transaction fails before the commit.
    const failAfterPostInsert = new FailingAfter(
      (node) =>
        node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'blog_posts',
    )
    const events = createContentEvents()
    const blog = createBlogService({
      db: t.db.withPlugin(failAfterPostInsert),
      clock: t.clock,
      events,
    })
    const heard = await heardDuring(events, async () => {
      await expect(blog.create({ ...post, title: 'Rolled back' }, author)).rejects.toThrow(
        'refused after the write',
      )
    })
    expect(failAfterPostInsert.failed).toBe(1)
    expect(heard).toEqual([])
    const row = await t.db
      .selectFrom('blog_posts')
      .select('id')
      .where('slug', '=', 'rolled-back')
      .executeTakeFirst()
    expect(row).toBeUndefined()
  })

  it('announces FAQs and pages only when they change', async () => {
    const faq = await t.services.faqs.create({ title: 'Q', content: '<p>A</p>' })
    const page = await t.services.pages.create({
      title: 'Observing',
      content: '<p>Dark skies</p>',
      status: 'published',
    })
    const quiet = await heardDuring(t.services.events, async () => {
      await t.services.faqs.update({ id: faq.id, title: 'Q', content: faq.content })
      await t.services.faqs.remove(faq.id + 1000)
      await t.services.pages.update({ id: page.id, title: 'Observing' })
      await t.services.pages.remove('no-such-page')
    })
    expect(quiet).toEqual([])
    const loud = await heardDuring(t.services.events, async () => {
      await t.services.faqs.update({ id: faq.id, title: 'Q2' })
      await t.services.pages.update({ id: page.id, title: 'Observing 2' })
      await t.services.faqs.remove(faq.id)
    })
    expect(loud).toEqual([['faqs'], ['pages'], ['faqs']])
  })
})

/** Lets each query run, then fails the one `matches` picks: its write is done but not committed. */
class FailingAfter implements KyselyPlugin {
  failed = 0
  readonly #picked = new WeakSet<QueryId>()
  readonly #matches: (node: RootOperationNode) => boolean
  constructor(matches: (node: RootOperationNode) => boolean) {
    this.#matches = matches
  }
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.#matches(node)) this.#picked.add(queryId)
    return node
  }
  async transformResult<R>(args: { queryId: QueryId; result: R }): Promise<R> {
    if (!this.#picked.has(args.queryId)) return args.result
    this.failed += 1
    throw new Error('refused after the write')
  }
}
