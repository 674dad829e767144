import { describe, expect, it } from 'vitest'
import * as API_PATHS from '../../contracts/endpoints.ts'
import { API_ROUTES } from './routes.ts'

describe('the route table', () => {
  it('mounts every named endpoint of contracts/endpoints.ts once, and nothing else', () => {
    const mounted = API_ROUTES.map((ep) => `${ep.method} ${ep.path}`).sort()
    const named = Object.values(API_PATHS)
      .map((route) => `${route.method} ${route.path}`)
      .sort()
    expect(mounted).toEqual(named)
    expect(new Set(mounted).size).toBe(mounted.length)
  })
})
