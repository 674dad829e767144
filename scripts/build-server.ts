import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { stripTypeScriptTypes } from 'node:module'
import path from 'node:path'
import ts from 'typescript'

/**
 * `npm run build` (after the React app): the server's TypeScript as JavaScript in build/server-js,
 * for `npm start` (ADR 006). Types are replaced by whitespace and relative `.ts` specifiers become
 * `.js`, both length for length, so every line and column of a stack trace matches the source.
 */
export const SERVER_SOURCE_DIRS = ['server', 'contracts']
export const SERVER_OUT_DIR = 'build/server-js'

/** One module: types blanked out, relative imports pointed at the emitted `.js` files. */
export function compileServerModule(source: string): string {
  const code = stripTypeScriptTypes(source, { mode: 'strip' })
  // Specifiers of the emitted code only: type-only imports are gone by now.
  const { importedFiles } = ts.preProcessFile(code, true, true)
  let out = code
  for (const { fileName, pos } of importedFiles) {
    if (!/^\.\.?\//.test(fileName) || !fileName.endsWith('.ts')) continue
    // pos is the opening quote.
    const end = pos + 1 + fileName.length
    if (out.slice(pos + 1, end) !== fileName) throw new Error(`unexpected specifier at ${pos}`)
    out = `${out.slice(0, end - 3)}.js${out.slice(end)}`
  }
  return out
}

function sourcesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f))
}

export function buildServer(root: string): number {
  const outRoot = path.join(root, SERVER_OUT_DIR)
  rmSync(outRoot, { recursive: true, force: true })
  let count = 0
  for (const dir of SERVER_SOURCE_DIRS) {
    for (const file of sourcesIn(path.join(root, dir))) {
      const target = path.join(outRoot, path.relative(root, file)).replace(/\.ts$/, '.js')
      mkdirSync(path.dirname(target), { recursive: true })
      writeFileSync(target, compileServerModule(readFileSync(file, 'utf8')))
      count++
    }
  }
  return count
}

if (import.meta.main) {
  const started = performance.now()
  const count = buildServer(process.cwd())
  console.log(
    `server: ${count} modules → ${SERVER_OUT_DIR} in ${Math.round(performance.now() - started)} ms`,
  )
}
