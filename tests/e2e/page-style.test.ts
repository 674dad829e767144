import { expect, type Page, test } from '@playwright/test'
import { loginAs, waitForHydration } from './helpers.ts'
import { isPage, routeTable, sampleValues, themedContext } from './route-walk.ts'

/**
 * Each page inlines only the rules its own code can render and loads the whole stylesheet after
 * its `load` event (ADR 013). These tests hold the promise that makes that safe: with the whole
 * stylesheet switched off, every element of every route, hydrated, looks exactly as it does with
 * it — every computed property of every element and of its ::before and ::after. Three walks:
 * signed out on a phone in the dark theme and on a desktop in the light one, and as an admin on
 * a desktop in the dark theme (the admin pages are the most varied).
 */
const WHOLE_STYLESHEET = /\/assets\/app-[\w-]+\.css$/

/**
 * Every computed property of every element, and of its ::before and ::after where they exist,
 * read with the whole stylesheet and then, in the same task (so nothing on the page can change
 * in between), with the whole stylesheet switched off: the differences. Custom properties are left
 * out: the whole stylesheet registers variables no rule of the page uses (they show on every
 * element), and one that a rendered rule does use changes a real property, which is compared.
 */
async function differences(page: Page, path: string): Promise<string[]> {
  await page.goto(path, { waitUntil: 'load' })
  await waitForHydration(page)
  if ((await page.locator('style[data-partial]').count()) !== 1)
    return [`${path}: no partial stylesheet inlined`]
  const whole = page.locator('link[rel="stylesheet"]')
  await expect(whole).toHaveCount(1)
  expect(await whole.getAttribute('href')).toMatch(WHOLE_STYLESHEET)
  await page.waitForFunction(() =>
    [...document.styleSheets].some((sheet) => sheet.ownerNode instanceof HTMLLinkElement),
  )
  const failures = await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      animation.pause()
      animation.currentTime = 0
    }
    const elements = [document.documentElement, ...document.documentElement.querySelectorAll('*')]
    const read = (el: Element) => {
      const out = new Map<string, string>()
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(el, pseudo)
        if (pseudo && style.content === 'none') continue
        for (let i = 0; i < style.length; i++) {
          const name = style.item(i)
          if (!name.startsWith('--'))
            out.set(`${pseudo ?? ''}${name}`, style.getPropertyValue(name))
        }
      }
      return out
    }
    const withWhole = elements.map(read)
    const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!
    link.disabled = true
    const out: string[] = []
    elements.forEach((el, i) => {
      if (out.length >= 5) return
      const partial = read(el)
      const changed = [...withWhole[i]!]
        .filter(([name, value]) => partial.get(name) !== value)
        .map(([name, value]) => `${name}: ${partial.get(name)} → ${value}`)
      if (changed.length > 0) {
        const classes = (el.getAttribute('class') ?? '').slice(0, 120)
        out.push(
          `<${el.tagName.toLowerCase()} class="${classes}"> ${changed.slice(0, 4).join('; ')}`,
        )
      }
    })
    link.disabled = false
    return out
  })
  return failures.map((failure) => `${path}: ${failure}`)
}

const RUNS = [
  { role: 'visitor', theme: 'dark', viewport: { width: 390, height: 844 } },
  { role: 'visitor', theme: 'light', viewport: { width: 1280, height: 900 } },
  { role: 'admin', theme: 'dark', viewport: { width: 1280, height: 900 } },
] as const

for (const { role, theme, viewport } of RUNS) {
  test(`every route looks the same before the whole stylesheet: ${role}, ${theme}, ${viewport.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(360_000)
    const paths = (await routeTable(await sampleValues(browser))).filter(isPage).map((r) => r.path)
    const context = await themedContext(browser, theme, viewport)
    const page = await context.newPage()
    if (role === 'admin') await loginAs(page, 'admin')
    const failures: string[] = []
    for (const path of paths) failures.push(...(await differences(page, path)))
    await context.close()
    expect(failures, failures.join('\n')).toEqual([])
  })
}

test('a page inlines part of the stylesheet and loads the whole of it after its load event', async ({
  page,
}) => {
  await page.goto('/blog', { waitUntil: 'load' })
  const inlined = await page.locator('style[data-partial]').evaluate((s) => s.textContent!.length)
  const link = page.locator('link[rel="stylesheet"]')
  await expect(link).toHaveCount(1)
  const href = (await link.getAttribute('href'))!
  expect(href).toMatch(WHOLE_STYLESHEET)
  const whole = await (await page.request.get(href)).text()
  expect(inlined).toBeGreaterThan(1000)
  expect(inlined).toBeLessThan(whole.length * 0.7)
  const timing = await page.evaluate(async (url) => {
    const sheet = () => performance.getEntriesByName(new URL(url, location.href).href)[0]
    while (!sheet()) await new Promise((r) => setTimeout(r, 20))
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    return { requested: sheet()!.startTime, loaded: navigation!.loadEventStart }
  }, href)
  expect(timing.requested).toBeGreaterThanOrEqual(timing.loaded)
  // The document's module preloads wait behind the page's pictures.
  const html = await (await page.request.get('/blog')).text()
  const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? []
  expect(preloads.length).toBeGreaterThan(2)
  for (const preload of preloads) expect(preload).toContain('fetchpriority="low"')
})
