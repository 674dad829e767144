import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'

/**
 * Looks at pages the way people do: desktop and phone, dark and light (Auto with a light system).
 * Usage: node scripts/screenshots.ts http://localhost:3000 / /blog [--out /tmp/shots]
 */
const args = process.argv.slice(2)
const outIndex = args.indexOf('--out')
const out = outIndex >= 0 ? args.splice(outIndex, 2)[1]! : '/tmp/shots'
const [base, ...paths] = args
if (!base || paths.length === 0) {
  console.error('usage: node scripts/screenshots.ts BASE_URL PATH... [--out DIR]')
  process.exit(2)
}
mkdirSync(out, { recursive: true })

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
})
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } }
for (const scheme of ['dark', 'light'] as const) {
  for (const [name, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ viewport, colorScheme: scheme })
    if (scheme === 'light') await context.addCookies([{ name: 'theme', value: 'auto', url: base }])
    const page = await context.newPage()
    page.on('console', (m) => {
      if (m.type() === 'error') console.log(`console error on ${page.url()}: ${m.text()}`)
    })
    for (const p of paths) {
      await page.goto(base + p, { waitUntil: 'networkidle' })
      const file = `${out}/${p.replace(/\W+/g, '_') || 'home'}-${name}-${scheme}.png`
      await page.screenshot({ path: file, fullPage: process.env.FULL_PAGE === '1' })
      console.log(file)
    }
    await context.close()
  }
}
await browser.close()
