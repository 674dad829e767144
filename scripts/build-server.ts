import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { stripTypeScriptTypes } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build as rolldown, type Plugin } from 'rolldown'
import ts from 'typescript'

/**
 * `npm run build` (after the React app), in two steps:
 *
 * 1. the server's TypeScript as JavaScript in {BUILD_DIR}/server-js (ADR 006). Types are replaced
 *    by whitespace and relative `.ts` specifiers become `.js`, both length for length, so every
 *    line and column matches the source;
 * 2. that JavaScript, React Router's server build and the packages they import, bundled in
 *    {BUILD_DIR}/server-bundle, which `npm start` runs (ADR 015): loaded from 1,142 modules, the
 *    same code took 10–15 MB more at the server's peak, 14 MB more of live heap.
 */
const SERVER_SOURCE_DIRS = ['server', 'contracts']

/** A folder of the build: BUILD_DIR (./build by default), where React Router's build also goes. */
const inBuild = (root: string, folder: string) =>
  path.resolve(root, process.env.BUILD_DIR ?? 'build', folder)

/** Where the compiled server goes: beside React Router's build, in the same BUILD_DIR. */
export function serverOutDir(root: string): string {
  return inBuild(root, 'server-js')
}

/** Where the bundle `npm start` runs goes, beside the compiled modules. */
export function bundleOutDir(root: string): string {
  return inBuild(root, 'server-bundle')
}

/**
 * Packages the bundle leaves in node_modules, loaded at run time as published: native addons
 * (SQLite, argon2, sharp, PostgreSQL's optional one), pdfkit (it reads its font metrics from its
 * own folder), what the server loads only on first use, with `import()` or `createRequire` (the
 * HTML sanitizer and its parser, PostgreSQL, S3, e-mail), and Vite (only in development).
 * Everything else the server and the pages import is copied in, once.
 */
export const RUNTIME_PACKAGES = [
  'better-sqlite3',
  '@node-rs/argon2',
  'sharp',
  'pg',
  'pg-native',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  'pdfkit',
  'nodemailer',
  'sanitize-html',
  'htmlparser2',
  'vite',
]

const isRuntimePackage = (id: string) =>
  id.endsWith('.node') || RUNTIME_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`))

/**
 * Puts React Router's server build into the bundle in place of server/ssr-build.js, which imports
 * it by path at run time: imported that way, the pages would bring their own copies of React,
 * React Router and the rest, and the server's copies would not be theirs. The build's folder (for
 * the browser's files) is then the one the bundle lies in, whatever BUILD_DIR says when it runs.
 */
function staticServerBuild(
  loaderFile: string,
  serverBuildFile: string,
): Plugin & { used(): boolean } {
  // Rolldown names modules by their real paths; BUILD_DIR or a temporary folder may be a link.
  const loader = existsSync(loaderFile) ? realpathSync(loaderFile) : loaderFile
  let used = false
  return {
    name: 'static-server-build',
    used: () => used,
    load(id) {
      if (id !== loader && path.resolve(id) !== loaderFile) return null
      used = true
      return [
        `import { fileURLToPath } from 'node:url'`,
        `import * as build from ${JSON.stringify(serverBuildFile)}`,
        'export async function loadProductionBuild() {',
        `  return { build, root: fileURLToPath(new URL('..', import.meta.url)) }`,
        '}',
      ].join('\n')
    },
  }
}

export interface BundleOptions {
  /** The compiled server's entry module. */
  entry: string
  /** The compiled server/ssr-build.js, replaced by a static import of `serverBuildFile`. */
  loaderFile: string
  /** React Router's server build (build/server/index.js). */
  serverBuildFile: string
  outDir: string
}

/**
 * `main.js` and the chunks it shares with the lazily imported parts, with no comments but
 * licences, in ASCII: V8 keeps a script's source in memory, and one character above U+00FF makes
 * it keep the whole script at two bytes a character. React's development builds are left out
 * (`process.env.NODE_ENV` is "production" in the bundle, which `npm start` alone runs). Not
 * minified, so a stack trace names the functions and points at readable lines; main.js.map maps
 * them back to the sources for `node --enable-source-maps` (which costs about 10 MB, so production
 * does not load it). A failed bundle leaves no folder behind.
 */
export async function bundleServer(options: BundleOptions): Promise<string[]> {
  rmSync(options.outDir, { recursive: true, force: true })
  try {
    return await writeBundle(options)
  } catch (error) {
    rmSync(options.outDir, { recursive: true, force: true })
    throw error
  }
}

async function writeBundle(options: BundleOptions): Promise<string[]> {
  const plugin = staticServerBuild(path.resolve(options.loaderFile), options.serverBuildFile)
  const output = await rolldown({
    input: options.entry,
    platform: 'node',
    external: isRuntimePackage,
    plugins: [plugin],
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    // React's "use client" marks what a browser bundle splits off; the server runs it all.
    onLog(level, log, handler) {
      if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log)
    },
    write: true,
    output: {
      dir: options.outDir,
      format: 'esm',
      charset: 'ascii',
      comments: { legal: true, annotation: false, jsdoc: false },
      sourcemap: true,
      sourcemapExcludeSources: true,
    },
  })
  if (!plugin.used()) throw new Error(`the bundle never loaded ${options.loaderFile}`)
  return output.output.map((file) => file.fileName)
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
  const root = process.cwd()
  let started = performance.now()
  const count = buildServer(root)
  const compiled = serverOutDir(root)
  const since = () => `${Math.round(performance.now() - started)} ms`
  console.log(`server: ${count} modules → ${path.relative(root, compiled)} in ${since()}`)
  started = performance.now()
  const bundle = bundleOutDir(root)
  const files = await bundleServer({
    entry: path.join(compiled, 'server/main.js'),
    loaderFile: path.join(compiled, 'server/ssr-build.js'),
    serverBuildFile: inBuild(root, 'server/index.js'),
    outDir: bundle,
  })
  // The bundle must load now, not when `npm start` first runs it (importing main.js starts
  // nothing: it serves only when run as the entry point).
  await import(pathToFileURL(path.join(bundle, 'main.js')).href).catch((error: unknown) => {
    rmSync(bundle, { recursive: true, force: true })
    throw error
  })
  const kb = Math.round(statSync(path.join(bundle, 'main.js')).size / 1024)
  console.log(
    `server: bundled → ${path.relative(root, bundle)}/main.js (${kb} KB, ${files.length} files) in ${since()}`,
  )
}
