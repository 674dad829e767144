import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildServer, bundleServer, compileServerModule, serverOutDir } from './build-server.ts'

const SOURCE = `import { type Config, loadConfig } from './config.ts'
import type { Database } from '../db/dialect.ts'
import { z } from 'zod'
export { helper } from './helper.ts'
export * from "./all.ts"
export * as geometry from './geometry.ts'

interface Options {
  port: number
}

export async function start(options: Options): Promise<void> {
  const pattern = /\`/g
  const mod = await import('./lazy.ts')
  const label = 'not an import: ./x.ts'
  throw new Error(label + options.port + String(mod) + String(z) + String(loadConfig) + pattern.source)
}
`

describe('compileServerModule', () => {
  const out = compileServerModule(SOURCE)

  it('points relative imports, re-exports and dynamic imports at the emitted .js files', () => {
    expect(out).toMatch(/import \{\s+loadConfig \} from '\.\/config\.js'/)
    expect(out).toContain(`export { helper } from './helper.js'`)
    expect(out).toContain(`export * from "./all.js"`)
    expect(out).toContain(`export * as geometry from './geometry.js'`)
    expect(out).toContain(`await import('./lazy.js')`)
  })

  it('leaves package imports and string contents alone, and erases type-only imports', () => {
    expect(out).toContain(`import { z } from 'zod'`)
    expect(out).toContain(`'not an import: ./x.ts'`)
    expect(out).not.toContain('dialect')
    expect(out).not.toMatch(/interface|: Options|Promise<void>/)
  })

  it('keeps every line and column where the source has it', () => {
    expect(out).toHaveLength(SOURCE.length)
    const at = (text: string, needle: string) => {
      const before = text.slice(0, text.indexOf(needle))
      return [before.split('\n').length, before.length - before.lastIndexOf('\n')]
    }
    expect(at(out, 'throw new Error')).toEqual(at(SOURCE, 'throw new Error'))
  })
})

describe('buildServer', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('emits the non-test modules of server/ and contracts/ and nothing else', () => {
    root = mkdtempSync(path.join(tmpdir(), 'build-server-'))
    for (const file of [
      'server/main.ts',
      'server/db/x.ts',
      'server/db/x.test.ts',
      'contracts/c.ts',
    ]) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      writeFileSync(
        path.join(root, file),
        `import { c } from '../contracts/c.ts'\nexport const x: number = 1\n`,
      )
    }
    expect(buildServer(root)).toBe(3)
    expect(readFileSync(path.join(serverOutDir(root), 'server/db/x.js'), 'utf8')).toBe(
      `import { c } from '../contracts/c.js'\nexport const x         = 1\n`,
    )
    expect(() => readFileSync(path.join(serverOutDir(root), 'server/db/x.test.js'))).toThrow()
  })
})

describe('bundleServer', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  function write(file: string, code: string) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), code)
  }

  it('puts the server build in place of its loader, keeps runtime packages out, and writes ASCII', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'bundle-server-'))
    write(
      'server-js/server/ssr-build.js',
      `export async function loadServerBuild(file) { return import(file) }\n`,
    )
    write(
      'server-js/server/main.js',
      [
        `import SQLite from 'better-sqlite3'`,
        `import { loadServerBuild } from './ssr-build.js'`,
        `/** Not kept: only licences are. */`,
        `export const label = 'Moon — 1st quarter'`,
        `export const build = await loadServerBuild('/nowhere/index.js')`,
        `export const db = SQLite`,
      ].join('\n'),
    )
    write('build/server/index.js', `export const routes = { root: 'Orion’s belt' }\n`)
    const outDir = path.join(root, 'bundle')
    await bundleServer({
      entry: path.join(root, 'server-js/server/main.js'),
      loaderFile: path.join(root, 'server-js/server/ssr-build.js'),
      serverBuildFile: path.join(root, 'build/server/index.js'),
      outDir,
    })
    const code = readFileSync(path.join(outDir, 'main.js'), 'utf8')
    // The build is in the bundle, not imported by path when the server starts.
    expect(code).toContain(String.raw`Orion\u2019s belt`)
    expect(code).not.toMatch(/import\(/)
    expect(code).toMatch(/from "better-sqlite3"/)
    expect(code).toContain(String.raw`Moon \u2014 1st quarter`)
    expect([...code].every((c) => c.charCodeAt(0) < 0x80)).toBe(true)
    expect(code).not.toContain('Not kept')
    expect(code).toMatch(/sourceMappingURL=main\.js\.map/)
  })

  it('fails when the loader it replaces is not part of the server', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'bundle-server-'))
    write('server-js/server/main.js', `export const x = 1\n`)
    write('build/server/index.js', `export const routes = {}\n`)
    await expect(
      bundleServer({
        entry: path.join(root, 'server-js/server/main.js'),
        loaderFile: path.join(root, 'server-js/server/ssr-build.js'),
        serverBuildFile: path.join(root, 'build/server/index.js'),
        outDir: path.join(root, 'bundle'),
      }),
    ).rejects.toThrow(/never loaded/)
  })
})
