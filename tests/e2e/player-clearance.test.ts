import { expect, type Page, test } from '@playwright/test'
import { loginAs, waitForHydration } from './helpers.ts'

/**
 * The floating radio player never covers a control for good: each visible control of the busiest
 * pages, brought into view the way the browser does for keyboard focus, is hit at its centre, not
 * the player; with the player expanded and collapsed, on a phone and a desktop. The slideshow's
 * controls are checked where the visitor first sees them, before any scrolling.
 */
const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const

const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[tabindex="0"]',
].join(', ')

/** The dashboard's tabs (app/routes/admin.tsx). */
const ADMIN_TABS = ['users', 'posts', 'pages', 'faqs', 'invoices', 'images', 'videos']

const player = (page: Page) => page.getByTestId('radio-mini-player')

/** The player hydrated, in the form asked for. */
async function setPlayer(page: Page, expanded: boolean) {
  await expect(player(page)).toHaveAttribute('data-expanded', /true|false/)
  if ((await player(page).getAttribute('data-expanded')) !== String(expanded))
    await player(page)
      .getByRole('button', { name: expanded ? 'Show radio player' : 'Hide radio player' })
      .click()
  await expect(player(page)).toHaveAttribute('data-expanded', String(expanded))
}

/**
 * Controls whose centre is under the player: with `scroll`, after each is scrolled into view as
 * focus would scroll it (the page's scroll padding applies); without, where they are now. The
 * footer's controls are checked once the footer is in view and the player has lifted above it.
 */
function coveredControls(page: Page, { scroll, within }: { scroll: boolean; within?: string }) {
  return page.evaluate(
    async ({ selector, scroll, within }) => {
      const aside = document.querySelector<HTMLElement>('[data-testid="radio-mini-player"]')!
      const scope = within ? document.querySelector(within)! : document
      const covered: string[] = []
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
      /** The player done moving (the lift's transition, after the observer and a render). */
      const settled = async () => {
        await frame()
        await frame()
        await new Promise((resolve) => setTimeout(resolve, 50))
        // A transition that another replaces is cancelled and its promise rejects (AbortError):
        // wait for whichever runs now, a few times over at most.
        for (let round = 0; round < 5; round++) {
          const running = aside.getAnimations().filter((a) => a.playState === 'running')
          if (running.length === 0) break
          await Promise.allSettled(running.map((a) => a.finished))
        }
      }
      const check = (el: HTMLElement) => {
        const r = el.getBoundingClientRect()
        const x = r.left + r.width / 2
        const y = r.top + r.height / 2
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return
        const hit = document.elementFromPoint(x, y)
        if (hit && aside.contains(hit)) {
          const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''
          covered.push(
            `<${el.tagName.toLowerCase()}> "${name}" at ${Math.round(x)},${Math.round(y)}`,
          )
        }
      }
      const controls = [...scope.querySelectorAll<HTMLElement>(selector)].filter((el) => {
        if (aside.contains(el) || el.closest('[aria-hidden="true"], [inert]')) return false
        const box = el.getBoundingClientRect()
        // Hidden, visually hidden (sr-only) until focused, or a whole region (a tab panel).
        return (
          box.width >= 4 &&
          box.height >= 4 &&
          box.height < innerHeight / 2 &&
          getComputedStyle(el).visibility !== 'hidden'
        )
      })
      const footerShows = () =>
        document.querySelector('footer')!.getBoundingClientRect().top < innerHeight
      let footerShown = footerShows()
      const inFooter = (el: HTMLElement) => el.closest('footer') !== null
      for (const el of controls.filter((c) => !scroll || !inFooter(c))) {
        if (scroll) {
          el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' })
          // The player lifts or drops when the footer comes into view or leaves it.
          const shows = footerShows()
          if (shows !== footerShown) await settled()
          footerShown = shows
        }
        check(el)
      }
      if (scroll) {
        for (const el of controls.filter(inFooter)) {
          el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' })
          await settled()
          check(el)
        }
      }
      return covered
    },
    { selector: CONTROLS, scroll, within },
  )
}

async function checkPage(page: Page, path: string): Promise<string[]> {
  await page.goto(path)
  await waitForHydration(page)
  const failures: string[] = []
  for (const expanded of [true, false]) {
    await setPlayer(page, expanded)
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    const state = expanded ? 'expanded' : 'collapsed'
    if (path === '/')
      for (const c of await coveredControls(page, {
        scroll: false,
        within: '[aria-roledescription="carousel"]',
      }))
        failures.push(`${path} (${state}, first view): ${c}`)
    for (const c of await coveredControls(page, { scroll: true }))
      failures.push(`${path} (${state}): ${c}`)
  }
  return failures
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`the player covers no control of the public pages: ${size}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    const list = await (await page.request.get('/_api/blog/list?limit=1')).json()
    const post = `/blog/${(list as { posts: Array<{ slug: string }> }).posts[0]!.slug}`
    const failures: string[] = []
    for (const path of ['/', '/faqs', '/blog', post])
      failures.push(...(await checkPage(page, path)))
    await context.close()
    expect(failures, failures.join('\n')).toEqual([])
  })

  test(`the player covers no control of the admin tabs: ${size}`, async ({ browser }) => {
    test.slow()
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    await loginAs(page, 'admin')
    const failures: string[] = []
    for (const tab of ADMIN_TABS) failures.push(...(await checkPage(page, `/admin?tab=${tab}`)))
    await context.close()
    expect(failures, failures.join('\n')).toEqual([])
  })
}

test('on a phone the player starts as a compact pill with play/pause and the title', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: SIZES.phone })
  const page = await context.newPage()
  await page.goto('/about')
  await expect(player(page)).toHaveAttribute('data-expanded', 'false')
  await expect(player(page).getByRole('button', { name: 'Play radio' })).toBeVisible()
  await expect(player(page).getByTestId('radio-title')).toBeVisible()
  await expect(player(page).getByRole('button', { name: 'Stop radio' })).toHaveCount(0)
  const box = (await player(page).boundingBox())!
  // About a seventh of the screen before (124 of 844 px); a pill is under a fifteenth.
  expect(box.height).toBeLessThanOrEqual(844 / 15)
  await player(page).getByRole('button', { name: 'Show radio player' }).click()
  await expect(player(page).getByRole('slider', { name: 'Volume' })).toBeVisible()
  await context.close()
})

test('the end of a page scrolls out from under the player lifted above the footer', async ({
  browser,
}) => {
  for (const viewport of Object.values(SIZES)) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    await page.goto('/about')
    await setPlayer(page, true)
    await page.evaluate(() =>
      window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
    )
    await expect(player(page)).toHaveAttribute('data-lifted', 'true')
    // After the lift's transition: the page's content ends above the player.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const aside = document.querySelector('[data-testid="radio-mini-player"]')!
          const main = document.querySelector('main')!
          const contentEnd =
            main.getBoundingClientRect().bottom - parseFloat(getComputedStyle(main).paddingBottom)
          return contentEnd <= aside.getBoundingClientRect().top + 0.5
        }),
      )
      .toBe(true)
    await context.close()
  }
})
