import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { IMPORT_MAX_ITEMS, type ImportSource } from '../../contracts/import-constants.ts'
import { IMPORT_READERS } from '../../server/import/readers.ts'
import { writeGhostExport, writeTinyGhostExport } from '../support/ghost-export.ts'
import { writeWordPressExport } from '../support/wordpress-export.ts'
import { createTestApp, ENGINE, type TestApp } from '../support/test-app.ts'

/**
 * A 50 MB Ghost export and a 50 MB WordPress export, imported for real: what the import holds at
 * its fullest (the heap after a full collection, sampled all along) stays below the file's own
 * size. The readers never hold the file; what is held is each post's sanitized HTML until the one
 * transaction writes it.
 */
const MB = 1024 * 1024
const EXPORT_BYTES = 50 * MB

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

let t: TestApp
const dir = mkdtempSync(path.join(tmpdir(), 'ghost-50mb-'))
const files: Record<ImportSource, string> = {
  ghost: path.join(dir, 'ghost-export.json'),
  wordpress: path.join(dir, 'wordpress-export.xml'),
}
const tinyFile = path.join(dir, 'ghost-tiny-export.json')
/** What an import holds at most: IMPORT_MAX_ITEMS tiny posts (about 6 MB of export). */
const MOST_HELD_MB = 48
/** About 52 MB of WXR. */
const WORDPRESS_POSTS = 5_400
const posts: Record<ImportSource, number> = { ghost: 0, wordpress: WORDPRESS_POSTS }

beforeAll(async () => {
  t = await createTestApp()
  posts.ghost = await writeGhostExport(files.ghost, EXPORT_BYTES)
  writeWordPressExport(files.wordpress, WORDPRESS_POSTS)
  await writeTinyGhostExport(tinyFile, IMPORT_MAX_ITEMS)
}, 60_000)
afterAll(async () => {
  await t.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Imports `file` for real, sampling the heap (after a full collection) all along. */
async function importMeasured(source: ImportSource, file: string) {
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
    const result = await t.services.imports.run(source, IMPORT_READERS[source], file, admin, {
      dryRun: false,
    })
    return { result, seconds: (performance.now() - started) / 1000, grewMb: (peak - before) / MB }
  } finally {
    clearInterval(sampler)
  }
}

// Alone each takes 4–30 s; beside the rest of the API lane on two busy cores, over 120 s once.
it.each(['ghost', 'wordpress'] as const)(
  `imports a 50 MB %s export holding less than its size (${ENGINE})`,
  async (source) => {
    const file = files[source]
    const size = statSync(file).size
    expect(size).toBeGreaterThan(EXPORT_BYTES - 8192)
    const { result, seconds, grewMb } = await importMeasured(source, file)
    expect(result.created.posts).toBe(posts[source])
    console.log(
      `[import] ${ENGINE}: ${(size / MB).toFixed(1)} MB ${source} export, ${posts[source]} posts in ${seconds.toFixed(1)} s; ` +
        `heap held at most ${grewMb.toFixed(1)} MB more than before`,
    )
    expect(grewMb, 'heap held by the import at its fullest (MB)').toBeLessThan(size / MB)
  },
  300_000,
)

// An import holds each item's title, slug and tags until it writes them all: tiny items are the
// most per byte, and IMPORT_MAX_ITEMS of them the most it ever holds (a 50 MB export of tiny
// items, some 400,000, held 210 MB before the limit; it is now refused at item 50,001).
it(`imports ${IMPORT_MAX_ITEMS} tiny posts, the most it reads, holding less than ${MOST_HELD_MB} MB (${ENGINE})`, async () => {
  const { result, seconds, grewMb } = await importMeasured('ghost', tinyFile)
  expect(result.created.posts).toBe(IMPORT_MAX_ITEMS)
  console.log(
    `[import] ${ENGINE}: ${(statSync(tinyFile).size / MB).toFixed(1)} MB Ghost export of ${IMPORT_MAX_ITEMS} tiny posts in ${seconds.toFixed(1)} s; ` +
      `heap held at most ${grewMb.toFixed(1)} MB more than before`,
  )
  expect(grewMb, 'heap held by the import at its fullest (MB)').toBeLessThan(MOST_HELD_MB)
}, 300_000)
