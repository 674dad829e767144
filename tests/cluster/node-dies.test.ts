import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEED_POSTS } from '../../server/seed/content.ts'
import {
  ADMIN,
  type AppNode,
  type Cluster,
  healthStatus,
  request,
  sessionCookie,
  startCluster,
} from './cluster.ts'

/**
 * A node of the two-node recipe dies at once (SIGKILL: an out-of-memory kill, a crashed machine)
 * while visitors read and write through the balancer: the other node goes on answering, every
 * write that was answered 2xx is in the database, and the dead node, started again as its
 * supervisor would, serves what was written meanwhile.
 */
let cluster: Cluster
beforeAll(async () => {
  cluster = await startCluster(inject('postgresUrl'))
}, 120_000)
afterAll(async () => {
  await cluster?.close()
})

interface Outcome {
  kind: 'read' | 'post' | 'contact'
  /** The unique title or subject of a write. */
  marker?: string
  status: number
  servedBy: number
  started: number
  ms: number
}

/** Docker's HEALTHCHECK command as deploy/Dockerfile gives it, run against `port`. */
function dockerHealthCheck(port: number): Promise<number | null> {
  const dockerfile = readFileSync('deploy/Dockerfile', 'utf8').replace(/\\\n\s*/g, ' ')
  const command = JSON.parse(/^HEALTHCHECK .* CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[]
  expect(command[0]).toBe('node')
  // The image's environment: the server listens on every address, at PORT.
  const child = spawn(process.execPath, command.slice(1), {
    env: { PATH: process.env.PATH ?? '', HOST: '0.0.0.0', PORT: String(port) },
    stdio: 'ignore',
  })
  return new Promise((resolve) => child.on('close', resolve))
}

describe('one of two nodes is killed under load', () => {
  it('the other keeps answering, no write answered 2xx is lost, and the node comes back', async () => {
    const [dying, surviving] = cluster.nodes as [AppNode, AppNode]
    const login = await request(cluster.url, '/_api/auth/login_with_password', {
      json: ADMIN,
      from: '127.0.4.1',
    })
    expect(login.status, login.text).toBe(200)
    const cookie = sessionCookie(login)
    const seeded = SEED_POSTS.find((p) => p.status === 'published')!

    const outcomes: Outcome[] = []
    let stop = false
    const record = async (
      kind: Outcome['kind'],
      marker: string | undefined,
      send: () => ReturnType<typeof request>,
    ) => {
      const started = performance.now()
      let status = 0
      let servedBy = -1
      try {
        const res = await send()
        ;({ status, servedBy } = res)
      } catch {
        // The balancer itself failed to answer: counted as a failure (status 0).
      }
      outcomes.push({ kind, marker, status, servedBy, started, ms: performance.now() - started })
    }
    const reader = async (n: number) => {
      const paths = ['/blog', '/_api/blog/list', `/blog/${seeded.slug}`, '/']
      for (let i = 0; !stop; i++) {
        await record('read', undefined, () =>
          request(cluster.url, paths[i % paths.length]!, { from: `127.0.3.${n + 1}` }),
        )
      }
    }
    // An admin publishing posts, each with a title found nowhere else.
    const author = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const title = `Survivor post ${n}-${i}`
        await record('post', title, () =>
          request(cluster.url, '/_api/blog/create', {
            json: { title, content: `<p>${title}</p>`, status: 'published' },
            cookie,
            from: '127.0.4.1',
          }),
        )
      }
    }
    // Visitors sending the contact form, each from an address of its own (5 an hour each).
    const visitor = async (n: number) => {
      for (let i = 0; !stop && i < 250; i++) {
        const subject = `Survivor contact ${n}-${i}`
        await record('contact', subject, () =>
          request(cluster.url, '/_api/contact/submit', {
            json: {
              name: 'Ada Stargazer',
              email: 'ada@example.org',
              subject,
              message: 'Which eyepiece for Saturn tonight?',
            },
            from: `127.5.${n}.${i + 1}`,
          }),
        )
      }
    }
    const load = Promise.all([...[0, 1].map(reader), author(0), visitor(0)])
    // Both nodes warmed up and serving every kind of request.
    await expect
      .poll(() => new Set(outcomes.map((o) => `${o.kind} ${o.servedBy}`)).size, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(6)

    dying.child.kill('SIGKILL')
    await dying.exited
    const killed = performance.now()

    // Asked directly, the surviving node answers at once; Docker's health check says the same
    // of it, and that the killed node's port is dead.
    await expect.poll(() => healthStatus(surviving.port), { timeout: 3000 }).toBe(200)
    expect(await dockerHealthCheck(surviving.port)).toBe(0)
    expect(await dockerHealthCheck(dying.port)).toBe(1)
    await new Promise((r) => setTimeout(r, Math.max(0, 3000 - (performance.now() - killed))))
    stop = true
    await load

    const after = outcomes.filter((o) => o.started >= killed)
    expect(after.filter((o) => o.kind === 'read').length).toBeGreaterThan(4)
    expect(after.filter((o) => o.kind !== 'read').length).toBeGreaterThan(2)
    // From the kill on, everything is answered by the surviving node, and nothing waits for a
    // timeout: the balancer sends what the dead node refuses straight to the other one.
    for (const o of after) {
      expect(o, JSON.stringify(o)).toMatchObject({ status: 200, servedBy: surviving.index })
      expect(o.ms, JSON.stringify(o)).toBeLessThan(5000)
    }
    // Reads are never lost: one cut off by the kill is sent again to the other node.
    expect(outcomes.filter((o) => o.kind === 'read' && o.status !== 200)).toEqual([])
    // A write the dead node had begun is not resent (it may or may not have been committed):
    // its client got 502 and knows it failed. No more of those than writers were sending.
    const cutOff = outcomes.filter((o) => o.kind !== 'read' && o.status !== 200)
    expect(cutOff.every((o) => o.status === 502)).toBe(true)
    expect(cutOff.length).toBeLessThanOrEqual(2)

    // Every write answered 2xx, before or after the kill, is in the database.
    const answered = (kind: Outcome['kind']) =>
      outcomes.filter((o) => o.kind === kind && o.status === 200).map((o) => o.marker!)
    const posts = await cluster.db.query<{ title: string }>(
      'select title from blog_posts where title like $1',
      ['Survivor %'],
    )
    const messages = await cluster.db.query<{ subject: string }>(
      'select subject from contact_messages where subject like $1',
      ['Survivor %'],
    )
    const storedPosts = new Set(posts.rows.map((r) => r.title))
    const storedMessages = new Set(messages.rows.map((r) => r.subject))
    expect(answered('post').filter((title) => !storedPosts.has(title))).toEqual([])
    expect(answered('contact').filter((subject) => !storedMessages.has(subject))).toEqual([])
    expect(answered('post').length + answered('contact').length).toBeGreaterThan(6)

    // The supervisor starts it again: it serves what was written while it was down, and the
    // balancer gives it its share once /healthz answers.
    await cluster.startNode(dying.index)
    const lastPost = outcomes.findLast((o) => o.kind === 'post' && o.status === 200)!
    expect(lastPost.started).toBeGreaterThan(killed)
    const [{ slug }] = (
      await cluster.db.query<{ slug: string }>('select slug from blog_posts where title = $1', [
        lastPost.marker,
      ])
    ).rows as [{ slug: string }]
    const page = await request(cluster.url, `/blog/${slug}`, { node: dying.index })
    expect(page.status).toBe(200)
    expect(page.text).toContain(lastPost.marker)
    const served = new Set<number>()
    for (let i = 0; i < 40 && served.size < 2; i++) {
      served.add((await request(cluster.url, '/_api/blog/list')).servedBy)
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(served).toEqual(new Set([0, 1]))
  })
})
