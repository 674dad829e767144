import { expect, type Page, test } from '@playwright/test'
import { E2E } from '../support/e2e-accounts.ts'
import { clientNavigate, waitForHydration } from './helpers.ts'

/** One station for every test here: they run one after the other. */
test.describe.configure({ mode: 'serial' })

const FAKES = `http://127.0.0.1:${E2E.fakesPort}`
const audioTime = (page: Page) =>
  page.evaluate(
    () =>
      (document.querySelector('audio[data-testid="radio-audio"]') as HTMLAudioElement).currentTime,
  )
const audio = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector('audio[data-testid="radio-audio"]') as HTMLAudioElement
    return { paused: a.paused, volume: a.volume, muted: a.muted, src: a.getAttribute('src') }
  })

async function setStation(page: Page, mode: string) {
  const res = await page.request.post(`${FAKES}/__radio/mode`, { data: { mode } })
  expect(res.ok()).toBe(true)
}

test.afterAll(async ({ request }) => {
  await request.post(`${FAKES}/__radio/mode`, { data: { mode: 'ok' } })
})

test('the mini player plays, keeps playing across navigation, and obeys pause, stop, volume and mute', async ({
  page,
}) => {
  await setStation(page, 'ok')
  await page.goto('/')
  await waitForHydration(page)
  const player = page.getByRole('complementary', { name: 'Radio player' })
  await expect(player.getByTestId('radio-title')).toHaveText('Orbital Dawn')
  await expect(player.getByTestId('radio-artist')).toHaveText('Lumen Drift')
  // Stopped: only a play button.
  await expect(player.getByRole('button', { name: 'Stop radio' })).toHaveCount(0)
  await player.getByRole('button', { name: 'Play radio' }).click()
  await expect(player.getByRole('button', { name: 'Pause radio' })).toBeVisible()
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5)
  await page.evaluate(() => {
    ;(
      document.querySelector('audio[data-testid="radio-audio"]') as HTMLAudioElement & {
        marker?: boolean
      }
    ).marker = true
  })

  // Three client-side navigations: the same element, never restarted.
  let last = await audioTime(page)
  for (const to of ['/about', '/contact', '/faqs']) {
    await clientNavigate(page, to)
    await page.waitForTimeout(700)
    const now = await audioTime(page)
    expect(now).toBeGreaterThan(last)
    last = now
  }
  expect(
    await page.evaluate(
      () =>
        (
          document.querySelector('audio[data-testid="radio-audio"]') as HTMLAudioElement & {
            marker?: boolean
          }
        ).marker,
    ),
  ).toBe(true)

  // The lock screen shows what is playing.
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('Orbital Dawn')
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.artist)).toBe('Lumen Drift')

  await player.getByRole('button', { name: 'Pause radio' }).click()
  await expect.poll(async () => (await audio(page)).paused).toBe(true)
  await expect(player.getByRole('button', { name: 'Play radio' })).toBeVisible()
  await expect(player.getByRole('button', { name: 'Stop radio' })).toBeVisible()

  // Volume by keyboard, then mute and unmute.
  const slider = player.getByRole('slider', { name: 'Volume' })
  await slider.focus()
  await page.keyboard.press('ArrowLeft')
  await expect.poll(async () => (await audio(page)).volume).toBeCloseTo(0.7, 2)
  await player.getByRole('button', { name: 'Mute radio' }).click()
  expect((await audio(page)).muted).toBe(true)
  await player.getByRole('button', { name: 'Unmute radio' }).click()
  expect((await audio(page)).muted).toBe(false)

  await player.getByRole('button', { name: 'Play radio' }).click()
  await expect.poll(async () => (await audio(page)).paused).toBe(false)
  await player.getByRole('button', { name: 'Stop radio' }).click()
  await expect(player.getByRole('button', { name: 'Stop radio' })).toHaveCount(0)
  const stopped = await audio(page)
  expect(stopped.paused).toBe(true)
  expect(stopped.src).toBeNull()
})

test('the server sends the player in its place, not hidden at the end for a script to reveal', async ({
  request,
}) => {
  // React moves a finished part past the first 12.8 KB of a page to the end, hidden, and a script
  // reveals it up to 300 ms later; hydration racing that script left a second, hidden player in
  // the page. (React Router's own data scripts come that way too, and may.)
  const list = await (await request.get('/_api/blog/list?limit=1')).json()
  const post = `/blog/${(list as { posts: Array<{ slug: string }> }).posts[0]!.slug}`
  for (const path of ['/', '/about', '/blog', '/faqs', '/music', post]) {
    const html = await (await request.get(path)).text()
    expect(html.length, path).toBeGreaterThan(12_800)
    const players = [...html.matchAll(/<aside [^>]*data-testid="radio-mini-player"/g)]
    expect(players, path).toHaveLength(1)
    const outlined = html.search(/<div hidden id="S:/)
    if (outlined >= 0) expect(players[0]!.index, path).toBeLessThan(outlined)
  }
})

test('the player lifts above the footer when it scrolls into view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/about')
  const player = page.getByTestId('radio-mini-player')
  await expect(player).toHaveAttribute('data-lifted', 'false')
  await page.locator('footer').scrollIntoViewIfNeeded()
  await expect(player).toHaveAttribute('data-lifted', 'true')
  // 95 px + 24 px above 768 px wide (after the 300 ms transition).
  await expect.poll(() => player.evaluate((el) => getComputedStyle(el).bottom)).toBe('119px')
  await page.setViewportSize({ width: 390, height: 800 })
  await page.locator('footer').scrollIntoViewIfNeeded()
  // 95 px + 16 px up to 768 px wide.
  await expect.poll(() => player.evaluate((el) => getComputedStyle(el).bottom)).toBe('111px')
})

test('/music shows the station stats and recently played, server-rendered', async ({ page }) => {
  await setStation(page, 'ok')
  const html = await (await page.request.get('/music')).text()
  expect(html).toContain('Current Listeners')
  await page.goto('/music')
  await expect(page.getByRole('heading', { name: 'Live Cosmic Radio', level: 1 })).toBeVisible()
  await expect(page.getByTestId('listeners')).toHaveText('37')
  const history = page.getByTestId('history').getByRole('listitem')
  await expect(history).toHaveCount(4)
  await expect(history.first()).not.toContainText('Orbital Dawn')
})

test('a live DJ gets a LIVE badge with their name', async ({ page }) => {
  await setStation(page, 'live')
  await page.goto('/music')
  await expect(page.getByText('LIVE · DJ Nebula').first()).toBeVisible()
})

test('with AzuraCast down the player says so and every page still works', async ({ page }) => {
  await setStation(page, 'not_found')
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const player = page.getByTestId('radio-mini-player')
  await expect(player.getByTestId('radio-title')).toHaveText('Radio unavailable', {
    timeout: 15_000,
  })
  await expect(player.getByRole('button', { name: 'Play radio' })).toBeDisabled()
  await page.goto('/music')
  await expect(page.getByText('Could not load station stats.')).toBeVisible()
  await expect(page.getByText('Could not load song history.')).toBeVisible()
  await setStation(page, 'ok')
})

test('a hidden tab stops asking what is playing, and catches up when it is shown again', async ({
  page,
}) => {
  // A station that answers (the test before this one took it down): the server's copy is good.
  await setStation(page, 'ok')
  await expect
    .poll(async () => (await page.request.get('/_api/radio/nowplaying')).status(), {
      timeout: 30_000,
    })
    .toBe(200)
  await page.clock.install()
  // The tab's visibility under the test's control, and the player's requests counted as made
  // (the browser may answer some from its HTTP cache).
  await page.addInitScript(() => {
    const w = window as unknown as { testHidden?: boolean; asked: number; answered: number }
    w.asked = 0
    w.answered = 0
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (w.testHidden ? 'hidden' : 'visible'),
    })
    const realFetch = window.fetch.bind(window)
    window.fetch = (input, init) => {
      if (!String(input instanceof Request ? input.url : input).includes('/_api/radio/nowplaying'))
        return realFetch(input, init)
      w.asked++
      // Answered once its body is read: the player notes the time right after.
      return realFetch(input, init).then((res) => {
        const json = res.json.bind(res)
        res.json = () => json().finally(() => w.answered++)
        return res
      })
    }
  })
  const asked = () => page.evaluate(() => (window as unknown as { asked: number }).asked)
  /** Every request made has its answer (the time of the last one decides what is stale). */
  const settled = () =>
    expect
      .poll(() =>
        page.evaluate(() => {
          const w = window as unknown as { asked: number; answered: number }
          return w.asked === w.answered
        }),
      )
      .toBe(true)
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      ;(window as unknown as { testHidden?: boolean }).testHidden = value
      document.dispatchEvent(new Event('visibilitychange'))
    }, hidden)
  await page.goto('/about')
  await waitForHydration(page)
  await expect.poll(asked).toBeGreaterThan(0)

  // Visible: it asks again every 15 s.
  const visibleStart = await asked()
  await page.clock.runFor(16_000)
  await expect.poll(asked).toBeGreaterThan(visibleStart)
  await settled()

  // Hidden for ten minutes: not one request.
  await setHidden(true)
  const hiddenStart = await asked()
  await page.clock.runFor(600_000)
  expect(await asked()).toBe(hiddenStart)

  // Shown again: what it has is stale, so it asks at once.
  await setHidden(false)
  await expect.poll(asked).toBe(hiddenStart + 1)
})
