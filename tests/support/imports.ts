import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { createTestApp, type TestApp } from './test-app.ts'

const COUNTED = ['blog_posts', 'pages', 'admin_activity', 'imported_items'] as const
type CountedTable = (typeof COUNTED)[number]

/**
 * What the API tests of an import endpoint share: a test app with a signed-in admin and member
 * (made before the file's first test, closed after its last), the export's form, the request,
 * and the rows to count. `t`, `admin` and `member` are there once the first test runs.
 */
export function importEndpoint(
  endpoint: string,
  fixture: { file: string; name: string; type: string },
) {
  const bytes = new Uint8Array(readFileSync(path.resolve(fixture.file)))
  const app = { fixture: bytes } as {
    fixture: Uint8Array<ArrayBuffer>
    t: TestApp
    admin: string
    member: string
  }
  beforeAll(async () => {
    app.t = await createTestApp()
    app.admin = (await app.t.signedIn('admin')).cookie
    app.member = (await app.t.signedIn('user')).cookie
  })
  afterAll(() => app.t.close())

  /** The multipart form with the export (the fixture unless given) as its `file`. */
  function form(content: Uint8Array<ArrayBuffer> | string = bytes, name = fixture.name): FormData {
    const body = new FormData()
    body.append('file', new File([content], name, { type: fixture.type }))
    return body
  }

  const send = (body: FormData, { dryRun = false, cookie = app.admin } = {}) =>
    app.t.request(dryRun ? `${endpoint}?dryRun=1` : endpoint, { body, cookie })

  const count = async (table: CountedTable) =>
    Number(
      (
        await app.t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  const postBySlug = (slug: string) =>
    app.t.db.selectFrom('blog_posts').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow()

  /** A dry run of the fixture answers `expected` and leaves every counted table as it was. */
  async function expectDryRun(expected: unknown) {
    const before = await Promise.all(COUNTED.map(count))
    const res = await send(form(), { dryRun: true })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual(expected)
    expect(await Promise.all(COUNTED.map(count))).toEqual(before)
  }

  return Object.assign(app, { form, send, count, postBySlug, expectDryRun })
}
