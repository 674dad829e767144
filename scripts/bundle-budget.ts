/**
 * `npm run budget` (part of `npm test`, after the build): the JavaScript each page loads first,
 * as sent (brotli), read from React Router's client manifest. Fails when a page passes its limit
 * in scripts/bundle-budget.json. The limits are a ratchet at today's sizes; the goal (issue
 * "Performance") is 100 KB on a post page and /blog, 130 KB on any public page.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

interface RouteEntry {
  id: string
  parentId?: string
  module: string
  imports?: string[]
}
interface Manifest {
  entry: { module: string; imports: string[] }
  routes: Record<string, RouteEntry>
}

const client = path.resolve(process.env.BUILD_DIR ?? 'build', 'client')
const assets = path.join(client, 'assets')
const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f))
if (!manifestFile) throw new Error(`No React Router manifest in ${assets}: run npm run build first`)
const manifestPath = path.join(assets, manifestFile)
const manifest = JSON.parse(
  readFileSync(manifestPath, 'utf8')
    .replace(/^window\.__reactRouterManifest=/, '')
    .replace(/;\s*$/, ''),
) as Manifest

/** Bytes as sent: the precompressed brotli copy the server serves. */
function sentBytes(asset: string): number {
  const file = path.join(client, asset)
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size
}

function firstLoad(routeId: string): Set<string> {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports])
  files.add(`/assets/${manifestFile}`)
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]!
    files.add(route.module)
    for (const i of route.imports ?? []) files.add(i)
  }
  return files
}

const budgetFile = path.resolve('scripts/bundle-budget.json')
const budget = JSON.parse(readFileSync(budgetFile, 'utf8')) as {
  /** Where the limits are heading: a post page and /blog, and any public page. */
  goalKb: Record<string, number>
  defaultKb: number
  routes: Record<string, number>
}

const rows = Object.keys(manifest.routes)
  .filter((id) => id !== 'root')
  .map((id) => {
    const bytes = [...firstLoad(id)].reduce((sum, f) => sum + sentBytes(f), 0)
    const limitKb = budget.routes[id] ?? budget.defaultKb
    return { id, kb: bytes / 1024, limitKb }
  })
  .sort((a, b) => b.kb - a.kb)

let failed = 0
console.log('first-load JavaScript per page, as sent (brotli):')
for (const r of rows) {
  const over = r.kb > r.limitKb
  if (over) failed++
  console.log(
    `  ${over ? '✗' : '✓'} ${r.id.padEnd(28)} ${r.kb.toFixed(1).padStart(6)} KB  (limit ${r.limitKb} KB)`,
  )
}
for (const [id, goal] of Object.entries(budget.goalKb)) {
  const row = rows.find((r) => r.id === id)
  if (row) console.log(`  goal for ${id}: ${goal} KB (now ${row.kb.toFixed(1)} KB)`)
}
if (failed) {
  console.error(`${failed} page(s) over their first-load budget (scripts/bundle-budget.json)`)
  process.exit(1)
}
