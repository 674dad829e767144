import { expect, test } from '@playwright/test'

test('pages and the build are sent compressed; assets precompressed at build time', async ({
  request,
}) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
  expect(page.headers()['content-encoding']).toBe('br')
  expect(page.headers()['vary']).toMatch(/accept-encoding/i)
  expect(page.headers()['vary']).toMatch(/cookie/i)
  const html = await page.text()
  // React and React Router's chunk: large enough to be precompressed (files under 1 KB are not).
  const script = /"(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1]
  expect(script).toBeTruthy()

  const br = await request.get(script!, { headers: { 'accept-encoding': 'br' } })
  expect(br.headers()['content-encoding']).toBe('br')
  expect(br.headers()['content-type']).toMatch(/javascript/)
  expect(br.headers()['cache-control']).toContain('immutable')
  const gz = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } })
  expect(gz.headers()['content-encoding']).toBe('gzip')
  const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } })
  expect(plain.headers()['content-encoding']).toBeUndefined()
  // The client decodes all three to the same script.
  expect(await br.text()).toBe(await plain.text())
  expect(await gz.text()).toBe(await plain.text())
  expect(Number(br.headers()['content-length'])).toBeLessThan(
    Number(plain.headers()['content-length']) / 2,
  )
})
