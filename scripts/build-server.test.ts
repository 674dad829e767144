import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
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

  /** A server whose loader imports the build by path, as server/ssr-build.ts does. */
  function serverFixture(main: string[]) {
    root = mkdtempSync(path.join(tmpdir(), 'bundle-server-'))
    write(
      'server-js/server/ssr-build.js',
      `export async function loadProductionBuild() { return { build: await import('/nowhere/index.js'), root: '/nowhere' } }\n`,
    )
    write('server-js/server/main.js', main.join('\n'))
    // A package both the server and the pages import, as they do react-router.
    write(
      'node_modules/shared-pkg/package.json',
      '{"name":"shared-pkg","type":"module","main":"index.js"}',
    )
    write('node_modules/shared-pkg/index.js', `export const marker = 'shared-pkg marker'\n`)
    write(
      'build/server/index.js',
      `import { marker } from 'shared-pkg'\nexport const routes = { root: 'Orion’s belt', marker }\n`,
    )
    return {
      entry: path.join(root, 'server-js/server/main.js'),
      loaderFile: path.join(root, 'server-js/server/ssr-build.js'),
      serverBuildFile: path.join(root, 'build/server/index.js'),
      outDir: path.join(root, 'build/server-bundle'),
    }
  }

  it('puts the build in place of its loader, once, keeps runtime packages out, and writes ASCII', async () => {
    const options = serverFixture([
      `import SQLite from 'better-sqlite3'`,
      `import { marker } from 'shared-pkg'`,
      `import { loadProductionBuild } from './ssr-build.js'`,
      `/** Not kept: only licences are. */`,
      `export const label = 'Moon — 1st quarter'`,
      `export const loaded = await loadProductionBuild()`,
      `export const db = [SQLite, marker]`,
    ])
    await bundleServer(options)
    const code = readFileSync(path.join(options.outDir, 'main.js'), 'utf8')
    // The build is in the bundle, not imported by path when the server starts.
    expect(code).toContain(String.raw`Orion\u2019s belt`)
    expect(code).not.toMatch(/import\(/)
    expect(code).toMatch(/from "better-sqlite3"/)
    // One copy of what both import, and no import of it left.
    expect(code.split('shared-pkg marker')).toHaveLength(2)
    expect(code).not.toMatch(/from "shared-pkg"/)
    expect(code).toContain(String.raw`Moon \u2014 1st quarter`)
    expect([...code].every((c) => c.charCodeAt(0) < 0x80)).toBe(true)
    expect(code).not.toContain('Not kept')
    expect(code).toMatch(/sourceMappingURL=main\.js\.map/)
  })

  it("finds the build's folder beside the bundle, whatever BUILD_DIR says when it runs", async () => {
    const options = serverFixture([
      `import { loadProductionBuild } from './ssr-build.js'`,
      `export const loaded = await loadProductionBuild()`,
    ])
    await bundleServer(options)
    const { loaded } = (await import(pathToFileURL(path.join(options.outDir, 'main.js')).href)) as {
      loaded: { build: { routes: { marker: string } }; root: string }
    }
    expect(path.resolve(loaded.root)).toBe(realpathSync(path.join(root, 'build')))
    expect(loaded.build.routes.marker).toBe('shared-pkg marker')
  })

  it('fails, and leaves no bundle behind, when the loader it replaces is not part of the server', async () => {
    const options = serverFixture([`export const x = 1`])
    await expect(bundleServer(options)).rejects.toThrow(/never loaded/)
    expect(existsSync(options.outDir)).toBe(false)
  })
})
