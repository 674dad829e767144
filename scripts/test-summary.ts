import { existsSync, readFileSync } from 'node:fs'

/**
 * Adds up the JSON reports of Vitest and Playwright into one closing line, so a reader (or CI)
 * sees at a glance how many tests ran in every lane.
 */
interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
}

function read<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined
}

const vitest = read<VitestReport>('reports/vitest.json')
const hostile = read<VitestReport>('reports/vitest-hostile.json')
const cluster = read<VitestReport>('reports/vitest-cluster.json')
const playwright = read<PlaywrightReport>('reports/playwright.json')
if (!vitest || !hostile || !cluster || !playwright) {
  console.error(
    'Missing test reports: expected reports/vitest.json, reports/vitest-hostile.json, reports/vitest-cluster.json and reports/playwright.json',
  )
  process.exit(1)
}

const lanes = [vitest, hostile, cluster]
const passed =
  lanes.reduce((n, lane) => n + lane.numPassedTests, 0) +
  playwright.stats.expected +
  playwright.stats.flaky
const failed = lanes.reduce((n, lane) => n + lane.numFailedTests, 0) + playwright.stats.unexpected
const skipped =
  lanes.reduce((n, lane) => n + lane.numPendingTests + lane.numTodoTests, 0) +
  playwright.stats.skipped
console.log(
  `vitest (unit, api-sqlite, api-postgres): ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`,
)
console.log(
  `vitest (hostile: attacks on the build, SQLite and PostgreSQL): ${hostile.numPassedTests} passed, ${hostile.numFailedTests} failed`,
)
console.log(
  `vitest (cluster: two nodes, PostgreSQL, object store): ${cluster.numPassedTests} passed, ${cluster.numFailedTests} failed`,
)
console.log(
  `playwright (chromium): ${playwright.stats.expected + playwright.stats.flaky} passed, ${playwright.stats.unexpected} failed`,
)
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || skipped > 0 ? 1 : 0)
