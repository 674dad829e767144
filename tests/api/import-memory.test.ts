import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readGhostExport } from '../../server/import/ghost.ts'
import { createTestApp, ENGINE, type TestApp } from '../support/test-app.ts'

/**
 * A 50 MB Ghost export, imported for real: what the import holds at its fullest (the heap after a
 * full collection, sampled all along) stays below the file's own size. The reader never holds
 * the file; what is held is each post's sanitized HTML until the one transaction writes it.
 */
const MB = 1024 * 1024
const EXPORT_BYTES = 50 * MB

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

let t: TestApp
const dir = mkdtempSync(path.join(tmpdir(), 'ghost-50mb-'))
const file = path.join(dir, 'ghost-export.json')
let posts = 0

/** Posts as Ghost 6 exports them: Lexical, HTML and plain text of an article of some 8 KB. */
async function writeExport(): Promise<void> {
  const out = createWriteStream(file)
  const sentence =
    'The Andromeda galaxy rises in the east after dusk; through binoculars it is a soft oval glow, and a small telescope shows its bright core and, on a dark night, the dust lane along its edge. '
  const paragraphs = Array.from({ length: 40 }, (_, i) => `${sentence}(${i})`)
  const html = paragraphs.map((p) => `<p>${p}</p>`).join('')
  const lexical = JSON.stringify({
    root: {
      children: paragraphs.map((text) => ({
        children: [
          {
            detail: 0,
            format: 0,
            mode: 'normal',
            style: '',
            text,
            type: 'extended-text',
            version: 1,
          },
        ],
        direction: 'ltr',
        format: '',
        indent: 0,
        type: 'paragraph',
        version: 1,
      })),
      direction: 'ltr',
      format: '',
      indent: 0,
      type: 'root',
      version: 1,
    },
  })
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()))
  await write('{"db":[{"meta":{"exported_on":1760518800000,"version":"6.3.0"},"data":{"posts":[')
  while (out.bytesWritten + out.writableLength < EXPORT_BYTES - 4096) {
    const post = {
      id: `post${posts}`,
      uuid: `00000000-0000-4000-8000-${String(posts).padStart(12, '0')}`,
      title: `Observing log ${posts}`,
      slug: `observing-log-${posts}`,
      mobiledoc: null,
      lexical,
      html,
      plaintext: paragraphs.join('\n\n'),
      feature_image: null,
      type: 'post',
      status: 'published',
      visibility: 'public',
      published_at: new Date(Date.UTC(2020, 0, 1) + posts * 3_600_000).toISOString(),
      custom_excerpt: null,
    }
    await write((posts ? ',' : '') + JSON.stringify(post))
    posts++
  }
  await write('],"tags":[],"posts_tags":[],"posts_meta":[],"users":[],"posts_authors":[]}}]}')
  await new Promise((r) => out.end(r))
}

beforeAll(async () => {
  t = await createTestApp()
  await writeExport()
}, 60_000)
afterAll(async () => {
  await t.close()
  rmSync(dir, { recursive: true, force: true })
})

it(`imports a 50 MB export holding less than its size (${ENGINE})`, async () => {
  const size = statSync(file).size
  expect(size).toBeGreaterThan(EXPORT_BYTES - 8192)
  const admin = await t.createUser({ role: 'admin' })
  const held = () => {
    gc()
    return getHeapStatistics().used_heap_size
  }
  const before = held()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, held())), 100)
  const started = performance.now()
  try {
    const result = await t.services.imports.run('ghost', readGhostExport, file, admin, {
      dryRun: false,
    })
    expect(result.created.posts).toBe(posts)
  } finally {
    clearInterval(sampler)
  }
  const ms = performance.now() - started
  const grewMb = (peak - before) / MB
  console.log(
    `[import] ${ENGINE}: ${(size / MB).toFixed(1)} MB export, ${posts} posts in ${(ms / 1000).toFixed(1)} s; ` +
      `heap held at most ${grewMb.toFixed(1)} MB more than before`,
  )
  expect(grewMb, 'heap held by the import at its fullest (MB)').toBeLessThan(size / MB)
}, 120_000)
