import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_ROUTES } from '../server/api/routes.ts'
import { API_DOC_PATH, renderApiDoc, responseShapes } from './api-doc.ts'

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('docs/api.md', () => {
  let rendered: string
  beforeAll(async () => {
    rendered = await renderApiDoc()
  })

  it('is the route table as it is now (run npm run api:doc after changing an endpoint)', () => {
    expect(readFileSync(API_DOC_PATH, 'utf8')).toBe(rendered)
  })

  it('lists every endpoint once, with its method, access, status, cache and response', () => {
    const doc = readFileSync(API_DOC_PATH, 'utf8')
    for (const ep of API_ROUTES) {
      const row = new RegExp(
        `^\\| ${ep.method} +\\| \`/_api${escaped(ep.path)}\` +\\| ${ep.access} .*\\| (200|201|202|—) +\\| (no-store|no-cache|—) +\\| \`[^|]`,
        'm',
      )
      expect(doc).toMatch(row)
    }
    const keys = API_ROUTES.map((ep) => `${ep.method} ${ep.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('describes every type a response names, once', () => {
    const doc = readFileSync(API_DOC_PATH, 'utf8')
    const headings = [...doc.matchAll(/^### (.+)$/gm)].map((m) => m[1]!)
    expect(new Set(headings).size).toBe(headings.length)
    // The Response cells of the endpoint table, the Type cells of the type tables, one-line types.
    const cells = doc.split('\n').flatMap((line) => {
      const cell = line.split(/(?<!\\)\|/).map((c) => c.trim())
      if (/^\| (GET|POST) /.test(line) && cell.length === 10) return [cell[8]!]
      if (line.startsWith('| `')) return [cell[2]!]
      return /^`[^`]+`$/.test(line) ? [line] : []
    })
    // JavaScript's and TypeScript's own types (the radio's revived dates, a Record) need no section.
    const named = cells
      .flatMap(
        (c) => c.replace(/"[^"]*"/g, '').match(/\b[A-Z][A-Za-z]+\b(?: \([a-z-]+\.ts\))?/g) ?? [],
      )
      .filter((name) => name !== 'Date' && name !== 'Record')
    expect(named).toContain('SessionUser')
    for (const name of new Set(named)) expect(headings).toContain(name)
  })
})

describe('the response shapes', () => {
  it('name nested types once, keep unions and arrays, and expand what has no name', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-doc-'))
    const file = path.join(dir, 'entries.ts')
    writeFileSync(
      file,
      `interface Page { page: number }
      export type State = 'on' | 'off'
      interface Item { id: number; tags: string[]; state: State; note?: string | null; on: boolean | null }
      interface List { items: Item[]; pagination: Page; owner: { name: string } }
      export interface Off { configured: false }
      type Entry<R = unknown> = { path: string; response?: R }
      export const list: Entry<List | Off> = { path: '/list' }
      export const one: Entry<Item> = { path: '/one' }
      export const many: Entry<(Item | Off)[]> = { path: '/many' }
      export const done: Entry<{ success: boolean }> = { path: '/done' }
      export const raw: Entry = { path: '/raw' }
      function contract<R = { success: boolean }>() {
        return <S>(entry: { path: string; input: () => S; response?: R }) => entry
      }
      export const made = contract<Item>()({ path: '/made', input: () => 1 })
      export const plain = contract()({ path: '/plain', input: () => 1 })
      export const file = contract<never>()({ path: '/file', input: () => 1 })`,
    )
    const { byEntry, types } = responseShapes(file)
    expect(Object.fromEntries(byEntry)).toEqual({
      list: 'List | Off',
      one: 'Item',
      many: '(Item | Off)[]',
      done: '{ success: boolean }',
      raw: 'unknown',
      made: 'Item',
      plain: '{ success: boolean }',
      file: 'never',
    })
    expect(types.map((t) => t.name)).toEqual(['Item', 'List', 'Off', 'Page', 'State'])
    expect(types.find((t) => t.name === 'Item')!.fields).toEqual([
      { name: 'id', type: 'number', optional: false },
      { name: 'tags', type: 'string[]', optional: false },
      { name: 'state', type: 'State', optional: false },
      { name: 'note', type: 'string | null', optional: true },
      { name: 'on', type: 'boolean | null', optional: false },
    ])
    expect(types.find((t) => t.name === 'List')!.fields![2]).toEqual({
      name: 'owner',
      type: '{ name: string }',
      optional: false,
    })
    expect(types.find((t) => t.name === 'State')!.definition).toBe('"on" | "off"')
  })
})
