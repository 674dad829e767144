import { type Browser, expect, type Page, test } from '@playwright/test'
import { ACCOUNTS, axeViolations, baseURL, loginHeaders, waitForHydration } from './helpers.ts'
import { sampleValues } from './route-walk.ts'

/**
 * The Night theme: red on black. "Red" is precise here: in every colour the page paints (text,
 * backgrounds and their gradients, borders, outlines, underlines, SVG fills and strokes, of
 * elements and their ::before / ::after), green and blue are each at most 35% of red, alpha
 * aside, fully transparent colours skipped. White, grey and blue all fail it. What a CSS filter
 * tints (photos, video, embedded players, the moon drawing) is left out: the filter makes it red.
 */
const MAX_SHARE = 0.35

async function nightContext(browser: Browser, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    colorScheme: 'light',
    baseURL: baseURL(),
  })
  await context.addCookies([{ name: 'theme', value: 'night', url: baseURL() }])
  return context
}

/** Every colour on the page that is not red enough, as "element: property colour". */
async function notRed(page: Page): Promise<string[]> {
  return page.evaluate((maxShare) => {
    /** sRGB 0–255 and alpha from a computed colour; null for one this cannot read. */
    function rgba(value: string): [number, number, number, number] | null {
      const nums = (s: string) =>
        s
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number.parseFloat)
      let m = /^rgba?\(([^)]*)\)$/.exec(value)
      if (m) {
        const [r, g, b, a = 1] = nums(m[1]!)
        return [r!, g!, b!, a]
      }
      m = /^color\(srgb ([^)]*)\)$/.exec(value)
      if (m) {
        const [r, g, b, a = 1] = nums(m[1]!)
        return [r! * 255, g! * 255, b! * 255, a]
      }
      m = /^(oklab|oklch)\(([^)]*)\)$/.exec(value)
      if (!m) return null
      const [l, x0, y0, a = 1] = nums(m[2]!.replaceAll('none', '0'))
      const h = (y0! * Math.PI) / 180
      const [x, y] = m[1] === 'oklch' ? [x0! * Math.cos(h), x0! * Math.sin(h)] : [x0!, y0!]
      const L = (l! + 0.3963377774 * x + 0.2158037573 * y) ** 3
      const M = (l! - 0.1055613458 * x - 0.0638541728 * y) ** 3
      const S = (l! - 0.0894841775 * x - 1.291485548 * y) ** 3
      const lin = [
        4.0767416621 * L - 3.3077115913 * M + 0.2309699292 * S,
        -1.2684380046 * L + 2.6097574011 * M - 0.3413193965 * S,
        -0.0041960863 * L - 0.7034186147 * M + 1.707614701 * S,
      ]
      const [r, g, b] = lin.map((c) => {
        const v = Math.min(1, Math.max(0, c))
        return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055)
      })
      return [r!, g!, b!, a]
    }
    const problems = new Set<string>()
    const check = (where: string, property: string, value: string) => {
      if (!value || value === 'none' || value.startsWith('url(')) return
      const c = rgba(value)
      if (!c) return void problems.add(`${where}: ${property} ${value} (unread)`)
      const [r, g, b, a] = c
      // One unit of rounding either way.
      if (a > 0 && (g > r * maxShare + 1 || b > r * maxShare + 1))
        problems.add(`${where}: ${property} ${value}`)
    }
    const filtered = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement)
        if (getComputedStyle(e).filter !== 'none') return true
      return false
    }
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList]
        .slice(0, 3)
        .map((c) => `.${c}`)
        .join('')}`
    const probe = (el: Element, pseudo: '' | '::before' | '::after') => {
      const s = getComputedStyle(el, pseudo || null)
      if (pseudo && s.content === 'none') return
      if (s.visibility !== 'visible' || s.display === 'none') return
      const where = name(el) + pseudo
      check(where, 'color', s.color)
      check(where, 'background-color', s.backgroundColor)
      for (const c of s.backgroundImage.matchAll(/(?:rgba?|oklab|oklch|color)\([^()]*\)/g))
        check(where, 'background-image', c[0])
      for (const side of ['top', 'right', 'bottom', 'left'] as const) {
        const width = Number.parseFloat(s.getPropertyValue(`border-${side}-width`))
        if (width > 0 && s.getPropertyValue(`border-${side}-style`) !== 'none')
          check(where, `border-${side}-color`, s.getPropertyValue(`border-${side}-color`))
      }
      if (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0)
        check(where, 'outline-color', s.outlineColor)
      if (s.textDecorationLine !== 'none')
        check(where, 'text-decoration-color', s.textDecorationColor)
      if (el instanceof SVGElement) {
        check(where, 'fill', s.fill)
        check(where, 'stroke', s.stroke)
      }
    }
    for (const el of [
      document.documentElement,
      document.body,
      ...document.body.querySelectorAll('*'),
    ]) {
      if (el.getClientRects().length === 0 && el !== document.documentElement) continue
      if (el.closest('head, script, style, noscript') || filtered(el)) continue
      probe(el, '')
      probe(el, '::before')
      probe(el, '::after')
    }
    return [...problems]
  }, MAX_SHARE)
}

function axeReport(violations: Awaited<ReturnType<typeof axeViolations>>): string[] {
  return violations.map(
    (v) =>
      `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(' | ')}`,
  )
}

/** Loads each path and fails with every colour that is not red and every axe violation. */
async function checkPages(page: Page, paths: string[]) {
  const failures: string[] = []
  for (const path of paths) {
    await page.goto(path)
    await waitForHydration(page)
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'night')
    for (const problem of [...(await notRed(page)), ...axeReport(await axeViolations(page))])
      failures.push(`${path} — ${problem}`)
  }
  expect(failures, failures.join('\n')).toEqual([])
}

test('Night is chosen from the menu, saved, and painted from the first frame after a reload', async ({
  page,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: /^Theme: / }).click()
  await page.getByRole('menuitemradio', { name: 'Night' }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'night')
  await expect(page.getByRole('button', { name: 'Theme: Night' })).toBeVisible()
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'theme')?.value).toBe('night')

  // What the page looks like when the parser inserts <body>: the first paint can show no more.
  await page.addInitScript(() => {
    new MutationObserver((records, observer) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n.nodeName === 'BODY') {
            const s = getComputedStyle(n as HTMLElement)
            ;(window as unknown as { __firstBody: string[] }).__firstBody = [
              document.documentElement.dataset.theme ?? '',
              s.backgroundColor,
              s.color,
            ]
            observer.disconnect()
          }
    }).observe(document, { childList: true, subtree: true })
  })
  await page.reload()
  await waitForHydration(page)
  const [theme, background, color] = await page.evaluate(
    () => (window as unknown as { __firstBody: string[] }).__firstBody,
  )
  expect(theme).toBe('night')
  expect(background).toBe('rgb(0, 0, 0)')
  expect(color).toBe('rgb(255, 85, 69)')
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#140000')
  await page.getByRole('button', { name: 'Theme: Night' }).click()
  await expect(page.getByRole('menuitemradio', { name: 'Night' })).toHaveAttribute(
    'aria-checked',
    'true',
  )

  // Back to Dark: the red palette goes at once; the browser bar's colour at the next load.
  await page.getByRole('menuitemradio', { name: 'Dark' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.reload()
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(0)
})

test('public pages in Night: every colour red on black, and no axe violations', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const slug = (await sampleValues(browser))['/blog/:slug']!
  const context = await nightContext(browser, 390)
  const page = await context.newPage()
  await checkPages(page, ['/', `/blog/${slug}`, '/kp-index', '/moon-phase', '/photos', '/contact'])
  await context.close()
})

test('the admin and the profile in Night: every colour red on black, and no axe violations', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const context = await nightContext(browser, 1366)
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
    headers: loginHeaders(),
  })
  expect(res.ok()).toBe(true)
  const page = await context.newPage()
  await checkPages(page, ['/admin', '/admin?tab=invoices', '/profile'])
  await context.close()
})

test('forced colours in Night: the system colours win, the icons keep the text colour', async ({
  browser,
}) => {
  const context = await nightContext(browser, 390)
  const page = await context.newPage()
  await page.emulateMedia({ forcedColors: 'active' })
  await page.goto('/about')
  const colours = await page.evaluate(() => {
    const probe = document.createElement('span')
    probe.style.color = 'CanvasText'
    probe.style.backgroundColor = 'Canvas'
    document.body.append(probe)
    const { color: text, backgroundColor: canvas } = getComputedStyle(probe)
    probe.remove()
    return {
      text,
      canvas,
      body: getComputedStyle(document.body).backgroundColor,
      heading: getComputedStyle(document.querySelector('h1')!).color,
      icons: [...document.querySelectorAll('header .icon')].map(
        (el) => getComputedStyle(el).backgroundColor,
      ),
    }
  })
  expect(colours.body).toBe(colours.canvas)
  expect(colours.heading).toBe(colours.text)
  expect(colours.icons.length).toBeGreaterThanOrEqual(2)
  for (const colour of colours.icons) expect(colour).toBe(colours.text)
  await context.close()
})
