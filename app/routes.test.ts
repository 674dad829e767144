import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { RESERVED_PAGE_SLUGS, SITE_PAGES } from '../contracts/site-paths.ts'
import routes from './routes.ts'

type Entry = { index?: boolean; path?: string; file: string; children?: Entry[] }

const APP = path.dirname(fileURLToPath(import.meta.url))

/** Every route, area layouts opened up. */
function flatten(entries: readonly Entry[]): Entry[] {
  return entries.flatMap((r) => (r.children ? flatten(r.children) : [r]))
}

/** The fixed addresses app/routes.ts routes (parameters and the catch-all left out). */
function fixedPaths(): string[] {
  return flatten(routes)
    .map((r) => (r.index ? '/' : `/${r.path ?? ''}`))
    .filter((path) => !path.includes(':') && !path.includes('*'))
}

describe('the site paths', () => {
  it('are the pages app/routes.ts routes, each once and to its own module', () => {
    expect(fixedPaths().sort()).toEqual(SITE_PAGES.map((p) => p.path).sort())
    const byPath = new Map(
      flatten(routes).map((r) => [r.index ? '/' : `/${r.path ?? ''}`, r.file] as const),
    )
    expect(byPath.size).toBe(flatten(routes).length)
    for (const page of SITE_PAGES) expect(byPath.get(page.path), page.path).toBe(page.module)
  })

  it('route to modules that exist, and every module in app/routes/ is routed', () => {
    const routed = new Set([...routes, ...flatten(routes)].map((r) => r.file))
    for (const file of routed) expect(existsSync(path.join(APP, file)), file).toBe(true)
    const modules = readdirSync(path.join(APP, 'routes'))
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => `routes/${f}`)
    expect(modules.filter((file) => !routed.has(file))).toEqual([])
  })

  it('put each guarded page in the area layout of its role, and nothing else there', () => {
    const areas: Record<string, string> = {
      'routes/admin-area.tsx': 'admin',
      'routes/member-area.tsx': 'user',
    }
    const layouts = (routes as readonly Entry[]).filter((r) => r.children)
    expect(layouts.map((r) => r.file).sort()).toEqual(Object.keys(areas).sort())
    for (const layout of layouts) {
      const role = areas[layout.file]
      expect(
        flatten(layout.children!)
          .map((c) => `/${c.path}`)
          .sort(),
      ).toEqual(
        SITE_PAGES.filter((p) => 'guard' in p && p.guard === role)
          .map((p) => p.path)
          .sort(),
      )
    }
  })

  it('keep every first segment of a page away from content page slugs', () => {
    for (const path of fixedPaths().filter((p) => p !== '/')) {
      expect(RESERVED_PAGE_SLUGS.has(path.split('/')[1]!)).toBe(true)
    }
  })
})
