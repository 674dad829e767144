import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { stripTypeScriptTypes } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

/**
 * `npm run build` (after the React app): the server's TypeScript as JavaScript in
 * {BUILD_DIR}/server-js, for `npm start` (ADR 006). Types are replaced by whitespace and relative
 * `.ts` specifiers become `.js`, both length for length, so every line and column of a stack trace
 * matches the source.
 */
const SERVER_SOURCE_DIRS = ['server', 'contracts']

/** Where the compiled server goes: beside React Router's build, in the same BUILD_DIR. */
export function serverOutDir(root: string): string {
  return path.resolve(root, process.env.BUILD_DIR ?? 'build', 'server-js')
}

/** The module specifiers of some JavaScript: imports, re-exports and `import()` with a literal. */
function specifiers(code: string): ts.StringLiteralLike[] {
  const source = ts.createSourceFile('module.js', code, ts.ScriptTarget.Latest, false)
  const found: ts.StringLiteralLike[] = []
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteralLike(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0])
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** One module: types blanked out, relative imports pointed at the emitted `.js` files. */
export function compileServerModule(source: string): string {
  const code = stripTypeScriptTypes(source, { mode: 'strip' })
  let out = code
  // Specifiers of the emitted code only: type-only imports are gone by now.
  for (const literal of specifiers(code)) {
    const name = literal.text
    if (!/^\.\.?\//.test(name) || !name.endsWith('.ts')) continue
    // The literal's text ends one character (its closing quote) before the node does.
    const end = literal.end - 1
    if (out.slice(end - name.length, end) !== name) throw new Error(`unexpected specifier ${name}`)
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
  const outRoot = serverOutDir(root)
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
  // Every static import of the server must resolve now, not when `npm start` first loads it
  // (importing main.js starts nothing: it serves only when run as the entry point).
  await import(pathToFileURL(path.join(serverOutDir(process.cwd()), 'server/main.js')).href)
  const out = path.relative(process.cwd(), serverOutDir(process.cwd()))
  console.log(`server: ${count} modules → ${out} in ${Math.round(performance.now() - started)} ms`)
}
