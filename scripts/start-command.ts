import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Node's flags and entry point of `npm start` (package.json), so the benchmark, Lighthouse and
 * the tests run the server exactly as production does; with `buildDir`, the entry point of that
 * build instead of build/.
 */
export function startArguments(buildDir = process.env.BUILD_DIR): string[] {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
  const command = pkg.scripts.start.split(/\s+/)
  return command
    .slice(command.indexOf('node') + 1)
    .filter((a) => !a.startsWith('--env-file'))
    .map((a) => (buildDir && a.startsWith('build/') ? path.join(buildDir, a.slice(6)) : a))
}

/**
 * The environment `npm start` sets before `node` (`NODE_ENV=production`, malloc's settings), so
 * a server started by a script runs with the very same.
 */
export function startEnvironment(): Record<string, string> {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
  const command = pkg.scripts.start.split(/\s+/)
  return Object.fromEntries(
    command.slice(0, command.indexOf('node')).map((word) => {
      const at = word.indexOf('=')
      return [word.slice(0, at), word.slice(at + 1)]
    }),
  )
}
