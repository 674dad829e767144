import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readGhostExport } from '../../server/import/ghost.ts'
import { writeGhostExport } from '../support/ghost-export.ts'
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

beforeAll(async () => {
  t = await createTestApp()
  posts = await writeGhostExport(file, EXPORT_BYTES)
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
