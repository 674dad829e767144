/**
 * `npm run budget` (part of `npm test`, after the build): the JavaScript each page loads first,
 * as sent (brotli), read from React Router's client manifest. Fails when a page passes its limit
 * in scripts/bundle-budget.json.
 *
 * Two kinds of limit, both hard:
 * - goals (`goalKb`): 100 KB for a post page and /blog, 130 KB for every public page (issue
 *   "Performance"). Public means every route not listed in `private` (pages behind a sign-in,
 *   their area layouts and developer tools), so a new page is public, and held to 130 KB, unless
 *   it is listed there. A route's ratchet above its goal is an error, not a way round it.
 * - the ratchet (`routes`): just above each page's size today, so a page that grows fails even
 *   below its goal. Lower it when a page shrinks; raise it only within the goal, and say why.
 *
 * The first load is what the document preloads: the entry, the root and the page's route modules
 * with their static imports. With lazy route discovery (React Router's default) the manifest file
 * is not loaded: the document carries the matched routes' part of it inline. Chunks a page
 * imports later (the radio player, the theme menu, the toaster: ADR 010) are not counted.
 * `npm run budget -- --files routes/blog-post` lists one page's files.
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

/**
 * The server build says whether the browser loads the whole manifest file up front, in its entry
 * or, once the build is split (the contracts' schemas load on demand), in one of its chunks.
 */
const serverBuild = path.resolve(process.env.BUILD_DIR ?? 'build', 'server')
const serverChunks = path.join(serverBuild, 'assets')
const serverFiles = [
  path.join(serverBuild, 'index.js'),
  ...(existsSync(serverChunks)
    ? readdirSync(serverChunks)
        .filter((f) => f.endsWith('.js'))
        .map((f) => path.join(serverChunks, f))
    : []),
].filter((f) => existsSync(f))
const lazyDiscovery = serverFiles.some((f) =>
  /routeDiscovery = \{\s*"mode": "lazy"/.test(readFileSync(f, 'utf8')),
)

function firstLoad(routeId: string): Set<string> {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports])
  if (!lazyDiscovery) files.add(`/assets/${manifestFile}`)
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]!
    files.add(route.module)
    for (const i of route.imports ?? []) files.add(i)
  }
  return files
}

const budgetFile = path.resolve('scripts/bundle-budget.json')
const budget = JSON.parse(readFileSync(budgetFile, 'utf8')) as {
  /** Hard limits: a route's own (a post page, /blog), and `public` for every public page. */
  goalKb: Record<string, number> & { public: number }
  /** Routes that are not public pages: no public goal (their ratchet still holds). */
  private: string[]
  /** The limit of a route without a ratchet. */
  defaultKb: number
  /** The ratchet: each route's limit, just above its size. */
  routes: Record<string, number>
}

/** The goal a route is held to, if any: its own, else the public pages' one unless private. */
function goalFor(id: string): number | undefined {
  return budget.goalKb[id] ?? (budget.private.includes(id) ? undefined : budget.goalKb.public)
}

const filesFor = process.argv.indexOf('--files')
if (filesFor > 0) {
  const id = process.argv[filesFor + 1] ?? 'routes/blog-post'
  for (const f of firstLoad(id))
    console.log(`${(sentBytes(f) / 1024).toFixed(1).padStart(6)} KB  ${f}`)
  process.exit(0)
}

const errors: string[] = []
for (const id of [...budget.private, ...Object.keys(budget.routes)]) {
  if (!manifest.routes[id]) errors.push(`${id} is in scripts/bundle-budget.json but not a route`)
}

const rows = Object.keys(manifest.routes)
  .filter((id) => id !== 'root')
  .map((id) => {
    const bytes = [...firstLoad(id)].reduce((sum, f) => sum + sentBytes(f), 0)
    const ratchetKb = budget.routes[id] ?? budget.defaultKb
    const goalKb = goalFor(id)
    if (goalKb !== undefined && budget.routes[id] !== undefined && ratchetKb > goalKb)
      errors.push(`${id}: its ratchet (${ratchetKb} KB) is above its goal (${goalKb} KB)`)
    return { id, kb: bytes / 1024, goalKb, limitKb: Math.min(ratchetKb, goalKb ?? Infinity) }
  })
  .sort((a, b) => b.kb - a.kb)

let failed = 0
console.log('first-load JavaScript per page, as sent (brotli):')
for (const r of rows) {
  const over = r.kb > r.limitKb
  if (over) failed++
  const goal = r.goalKb === undefined ? 'private' : `goal ${r.goalKb} KB`
  console.log(
    `  ${over ? '✗' : '✓'} ${r.id.padEnd(28)} ${r.kb.toFixed(1).padStart(6)} KB  (limit ${r.limitKb} KB, ${goal})`,
  )
}
for (const e of errors) console.error(e)
if (failed) {
  console.error(`${failed} page(s) over their first-load budget (scripts/bundle-budget.json)`)
}
if (failed || errors.length) process.exit(1)
