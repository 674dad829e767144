import { expect, test, type Locator, type Page } from '@playwright/test'
import { axeViolations, baseURL, loginAs, waitForHydration } from './helpers.ts'

type ThemeName = 'Light' | 'Dark' | 'Auto' | 'Night'

const html = (page: Page) => page.locator('html')
const themeButton = (page: Page) => page.getByRole('button', { name: /^Theme: / })

async function chooseTheme(page: Page, theme: ThemeName): Promise<void> {
  await themeButton(page).click()
  await page.getByRole('menuitemradio', { name: theme }).click()
  await expect(page.getByRole('menu')).toBeHidden()
}

/** Opens the theme menu and checks that exactly `theme` is shown checked, then closes it. */
async function expectChecked(page: Page, theme: ThemeName): Promise<void> {
  await expect(themeButton(page)).toHaveAccessibleName(`Theme: ${theme}`)
  await themeButton(page).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitemradio')).toHaveText(
    ['Light', 'Dark', 'Auto', 'Night'].map((t) => new RegExp(t)),
  )
  for (const t of ['Light', 'Dark', 'Auto', 'Night'] as const) {
    await expect(menu.getByRole('menuitemradio', { name: t })).toHaveAttribute(
      'aria-checked',
      String(t === theme),
    )
  }
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
}

async function themeCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies()
  return cookies.find((c) => c.name === 'theme')?.value
}

/**
 * Before any page script runs, records every class value the <html> element has and the moment
 * the <body> element is inserted, so a flash of the wrong palette can be detected.
 */
async function recordHtmlClasses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: Array<{ kind: 'class'; old: string | null } | { kind: 'html' | 'body' }> = []
    ;(window as unknown as { __classLog: typeof log }).__classLog = log
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && r.target === document.documentElement)
          log.push({ kind: 'class', old: r.oldValue })
        if (r.type === 'childList')
          for (const n of r.addedNodes) {
            if (n.nodeName === 'HTML') log.push({ kind: 'html' })
            if (n.nodeName === 'BODY') log.push({ kind: 'body' })
          }
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
      attributeOldValue: true,
    })
  })
}

/** The class values <html> had from the moment <body> was inserted until now. */
async function classesSinceBody(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const log = (
      window as unknown as {
        __classLog: Array<{ kind: 'class'; old: string | null } | { kind: 'html' | 'body' }>
      }
    ).__classLog
    // The recorder must have been watching before the parser inserted <html>.
    if (log[0]?.kind !== 'html') throw new Error('the recorder started too late')
    const bodyAt = log.findIndex((e) => e.kind === 'body')
    if (bodyAt < 0) throw new Error('the <body> insertion was not observed')
    // Each class record holds the value before its change; the last value is the current one.
    const values: string[] = []
    for (const e of log.slice(bodyAt)) if (e.kind === 'class') values.push(e.old ?? '')
    values.push(document.documentElement.className)
    return values
  })
}

/** What an earlier visit's choice leaves behind: the theme cookie. */
async function saveTheme(page: Page, value: 'light' | 'dark' | 'auto'): Promise<void> {
  await page.context().addCookies([{ name: 'theme', value, url: baseURL() }])
}

test.describe('theme switcher', () => {
  test('the default is Dark; choosing Light removes the dark class and shows Light checked', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(html(page)).toHaveClass(/\bdark\b/)
    await waitForHydration(page)
    await expectChecked(page, 'Dark')

    await chooseTheme(page, 'Light')
    await expect(html(page)).not.toHaveClass(/\bdark\b/)
    await expectChecked(page, 'Light')
    expect(await themeCookie(page)).toBe('light')

    // Light holds for client-side navigation within the same load.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .click()
    await expect(page).toHaveURL('/about')
    await expect(html(page)).not.toHaveClass(/\bdark\b/)
    await expectChecked(page, 'Light')
  })

  test('start-up rule: a saved Light theme becomes Dark at the next full load', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/')
    await waitForHydration(page)
    await chooseTheme(page, 'Light')
    await expect(html(page)).not.toHaveClass(/\bdark\b/)

    await page.reload()
    await expect(html(page)).toHaveClass(/\bdark\b/)
    await waitForHydration(page)
    await expectChecked(page, 'Dark')
    expect(await themeCookie(page)).toBe('dark')
  })

  test('Dark persists across a reload even when the system prefers light', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/')
    await waitForHydration(page)
    await chooseTheme(page, 'Auto')
    await expect(html(page)).not.toHaveClass(/\bdark\b/)
    await chooseTheme(page, 'Dark')
    await expect(html(page)).toHaveClass(/\bdark\b/)
    expect(await themeCookie(page)).toBe('dark')

    await page.reload()
    await expect(html(page)).toHaveClass(/\bdark\b/)
    await waitForHydration(page)
    await expectChecked(page, 'Dark')
  })

  test('Auto follows the system preference, live and after reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/')
    await waitForHydration(page)
    await chooseTheme(page, 'Auto')
    await expect(html(page)).not.toHaveClass(/\bdark\b/)
    await expectChecked(page, 'Auto')
    expect(await themeCookie(page)).toBe('auto')

    await page.reload()
    await waitForHydration(page)
    await expect(html(page)).not.toHaveClass(/\bdark\b/)
    await expectChecked(page, 'Auto')

    // Live: the system switches to dark.
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(html(page)).toHaveClass(/\bdark\b/)

    await page.reload()
    await waitForHydration(page)
    await expect(html(page)).toHaveClass(/\bdark\b/)
    await expectChecked(page, 'Auto')
  })

  for (const [name, saved, scheme] of [
    ['a saved Dark theme (system light)', 'dark', 'light'],
    ['Auto with a dark system preference', 'auto', 'dark'],
    ['a saved Light theme (forced to Dark)', 'light', 'light'],
  ] as const) {
    test(`no flash: ${name} is dark from the moment the body exists`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme })
      await saveTheme(page, saved)
      await recordHtmlClasses(page)
      await page.goto('/')
      await waitForHydration(page)
      const values = await classesSinceBody(page)
      expect(values.length).toBeGreaterThan(0)
      for (const v of values) expect(v.split(/\s+/)).toContain('dark')
    })
  }
})

test('with forced colours (high contrast) the icons drawn by the stylesheet keep the text colour', async ({
  page,
}) => {
  await page.emulateMedia({ forcedColors: 'active' })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/about')
  const colours = await page.evaluate(() => {
    const probe = document.createElement('span')
    probe.style.color = 'CanvasText'
    document.body.append(probe)
    const text = getComputedStyle(probe).color
    probe.remove()
    const icons = [...document.querySelectorAll<HTMLElement>('header .icon')]
    return { text, icons: icons.map((el) => getComputedStyle(el).backgroundColor) }
  })
  // The theme button's and the menu button's.
  expect(colours.icons.length).toBeGreaterThanOrEqual(2)
  for (const colour of colours.icons) expect(colour).toBe(colours.text)
})

/*
 * A filled button under the pointer: its hover colour is a palette token that keeps (raises) the
 * text's contrast. A fading hover (opacity) once left a Delete button under the pointer below AA.
 */
for (const theme of ['light', 'dark', 'night'] as const) {
  test(`in the ${theme} theme a hovered primary or destructive button keeps AA contrast`, async ({
    page,
    context,
  }) => {
    // A saved Light theme starts Dark (the spec's start-up rule): Auto on a light system is light.
    const saved = theme === 'light' ? 'auto' : theme
    await context.addCookies([{ name: 'theme', value: saved, url: baseURL() }])
    await page.emulateMedia({ colorScheme: theme === 'light' ? 'light' : 'dark' })
    await loginAs(page, 'admin')
    const hovered = async (button: Locator, what: string) => {
      await button.hover()
      await page.evaluate(() =>
        Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
      )
      const [normal, hover] = await button.evaluate((el) => {
        const probe = el.cloneNode() as HTMLElement
        el.after(probe)
        const bg = getComputedStyle(probe).backgroundColor
        probe.remove()
        return [bg, getComputedStyle(el).backgroundColor]
      })
      expect(hover, `${what}: the hover colour differs from the resting one`).not.toBe(normal)
      const violations = await axeViolations(page, { only: ['color-contrast'] })
      expect(violations.map((v) => v.nodes.map((n) => n.target.join(' '))).flat(), what).toEqual([])
    }
    await page.goto('/about')
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveClass(
      theme === 'light' ? /^(?!.*\bdark\b)/ : /\bdark\b/,
    )
    await hovered(page.locator('main a.bg-primary').first(), 'the About page call to action')

    await page.goto('/admin')
    await waitForHydration(page)
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete User' })
    await hovered(dialog.getByRole('button', { name: 'Delete' }), 'the Delete User confirmation')
    await page.keyboard.press('Escape')
  })
}
