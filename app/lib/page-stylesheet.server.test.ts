import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { EntryContext } from 'react-router'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createPageStylesheets } from './page-stylesheet.server.ts'

const CSS =
  '@layer theme,base,components,utilities;html{color:#000}' +
  '.flex{display:flex}.grid{display:grid}.prose{max-width:65ch}.sr-only{position:absolute}' +
  '.dark\\:text-white:where(.dark,.dark *){color:#fff}.player{position:fixed}.zoom{inset:0}' +
  '.invisible{visibility:hidden}.gallery{display:grid}'

const dir = mkdtempSync(path.join(tmpdir(), 'page-css-'))
mkdirSync(path.join(dir, 'assets'))
const chunks: Record<string, string> = {
  'entry.js': 'import"./framework.js";',
  'framework.js': 'export const React={}',
  'root.js':
    'import"./api-a1.js";const a="flex sr-only dark:text-white";const P=lazy(()=>import(`./player.js`))',
  'api-a1.js': 'const input=()=>import(`./schema.js`)',
  'schema.js': 'import"./gallery.js";export const s={}',
  'gallery.js': 'const c="gallery"',
  'player.js': 'const c="player"',
  'blog.js': 'const c="grid";const L=()=>import("./lightbox.js")',
  'lightbox.js': 'const c="zoom"',
  'post.js': 'const c="prose"',
}
for (const [file, text] of Object.entries(chunks))
  writeFileSync(path.join(dir, 'assets', file), text)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function context(...routes: string[]): EntryContext {
  return {
    manifest: {
      entry: { module: '/assets/entry.js', imports: ['/assets/framework.js'] },
      routes: {
        root: { id: 'root', module: '/assets/root.js', imports: [] },
        'routes/blog': { id: 'routes/blog', module: '/assets/blog.js', parentId: 'root' },
        'routes/post': { id: 'routes/post', module: '/assets/post.js', parentId: 'root' },
        'routes/gone': { id: 'routes/gone', module: '/assets/gone.js', parentId: 'root' },
      },
    },
    staticHandlerContext: { matches: routes.map((id) => ({ route: { id } })) },
  } as unknown as EntryContext
}

describe("a page's stylesheet", () => {
  const of = createPageStylesheets(CSS, dir)

  it("keeps the rules of the layout's code, its later chunks and the page's own code", () => {
    const { css, partial } = of(context('root', 'routes/blog'))
    expect(partial).toBe(true)
    expect(css).toContain('.flex{')
    expect(css).toContain('.sr-only{')
    expect(css).toContain('.dark\\:text-white')
    // The radio player, which the layout loads after the page: every page keeps its rules.
    expect(css).toContain('.player{')
    expect(css).toContain('.grid{')
    // A page's own later chunk (a lightbox, opened by a click) comes with the whole stylesheet.
    expect(css).not.toContain('.zoom{')
    expect(css).not.toContain('.prose{')
    // An input schema the endpoint table loads renders nothing, nor does the chunk it imports.
    expect(css).not.toContain('.gallery{')
    // A class no chunk has is one only the server writes: kept everywhere.
    expect(css).toContain('.invisible{')
    expect(css).toContain('html{color:#000}')
  })

  it('differs by page, and is worked out once per page', () => {
    const post = of(context('root', 'routes/post'))
    expect(post.css).toContain('.prose{')
    expect(post.css).not.toContain('.grid{')
    expect(of(context('root', 'routes/post'))).toBe(post)
  })

  it('is the whole stylesheet when a chunk of the page is missing', () => {
    expect(of(context('root', 'routes/gone'))).toEqual({ css: CSS, partial: false })
  })

  it('is the whole stylesheet without a browser build (development)', () => {
    expect(createPageStylesheets(CSS, null)(context('root'))).toEqual({ css: CSS, partial: false })
  })

  it('is the whole stylesheet, and says why, when the build cannot be read', () => {
    // Expected here: taken from the strict console of tests/support/strict-env.ts.
    const error = vi.mocked(console.error).mockImplementationOnce(() => undefined)
    const broken = createPageStylesheets(CSS, path.join(dir, 'nowhere'))
    expect(broken(context('root'))).toEqual({ css: CSS, partial: false })
    expect(error).toHaveBeenCalledTimes(1)
  })
})
