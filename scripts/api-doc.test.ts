import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { API_ROUTES } from '../server/api/routes.ts'
import { API_DOC_PATH, renderApiDoc } from './api-doc.ts'

describe('docs/api.md', () => {
  it('is the route table as it is now (run npm run api:doc after changing an endpoint)', async () => {
    expect(readFileSync(API_DOC_PATH, 'utf8')).toBe(await renderApiDoc())
  })

  it('lists every endpoint once, with its method and access', () => {
    const doc = readFileSync(API_DOC_PATH, 'utf8')
    for (const ep of API_ROUTES) {
      const row = new RegExp(
        `^\\| ${ep.method} +\\| \`/_api${ep.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\` +\\| ${ep.access} `,
        'm',
      )
      expect(doc).toMatch(row)
    }
    const keys = API_ROUTES.map((ep) => `${ep.method} ${ep.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})
