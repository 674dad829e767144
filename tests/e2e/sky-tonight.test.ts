import { devices, expect, test } from '@playwright/test'
import type { TonightResponse } from '../../contracts/sky-tonight.ts'
import { axeViolations, baseURL, waitForHydration } from './helpers.ts'

const clock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the first render carries the default place’s night, and the date form works', async ({
    page,
    request,
  }) => {
    const night = (await (
      await request.get('/_api/sky/tonight?lat=51.4769&lon=-0.0005')
    ).json()) as TonightResponse
    await page.goto('/tonight')
    await expect(page.getByRole('heading', { level: 1, name: "Tonight's Sky" })).toBeVisible()
    await expect(page.getByTestId('tonight-place')).toHaveText('Greenwich')
    const sunset = night.sun.set
    if (sunset.kind === 'time') {
      await expect(page.locator('[data-sun="set"]')).toHaveText(clock(sunset.at, 'Europe/London'))
    }
    await expect(page.getByTestId('night-summary')).not.toBeEmpty()
    await expect(page.getByRole('region', { name: 'Planet times' })).toContainText('Jupiter')
    // A plain GET form: another night without any script.
    const next = new Date(Date.parse(`${night.date}T00:00:00Z`) + 7 * 86_400_000)
      .toISOString()
      .slice(0, 10)
    await page.getByLabel('Night of').fill(next)
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page).toHaveURL(new RegExp(`date=${next}`))
    await expect(page.getByText(/^The night of/)).toContainText(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long' }).format(
        new Date(`${next}T00:00:00Z`),
      ),
    )
  })
})

test('search a town, change the date, share the link; axe clean', async ({ page }) => {
  await page.goto('/tonight')
  await waitForHydration(page)
  const sunsetBefore = await page.locator('[data-sun="set"]').textContent()

  const search = page.getByRole('combobox', { name: 'Find a town' })
  await search.fill('sao paulo')
  const option = page.getByRole('option', { name: 'São Paulo, BR' })
  await expect(option).toBeVisible()
  await search.press('Enter')
  await expect(page).toHaveURL(/lat=-23\.547&lon=-46\.636/)
  await expect(page.getByTestId('tonight-place')).toHaveText('São Paulo, BR')
  await expect(page.getByText(/times in America\/Sao_Paulo/)).toBeVisible()
  await expect(page.locator('[data-sun="set"]')).not.toHaveText(sunsetBefore ?? '')

  const dateField = page.getByLabel('Night of')
  const today = await dateField.inputValue()
  const later = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000)
    .toISOString()
    .slice(0, 10)
  await dateField.fill(later)
  await expect(page).toHaveURL(new RegExp(`date=${later}`))
  await expect(dateField).toHaveValue(later)

  // The shared link opens the same night, named the same.
  const link = page.getByRole('link', { name: 'Link to this night' })
  // The address changes first, the night (and its link) once the new data has come.
  await expect(link).toHaveAttribute('href', `/tonight?lat=-23.547&lon=-46.636&date=${later}`)
  const href = await link.getAttribute('href')
  const summary = await page.getByTestId('night-summary').textContent()
  await page.goto(href!)
  await expect(page.getByTestId('tonight-place')).toHaveText('São Paulo, BR')
  await expect(page.getByTestId('night-summary')).toHaveText(summary!)

  expect(await axeViolations(page)).toEqual([])
})

test('on a phone, nothing on the page moves while it arrives', async ({ browser }) => {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: baseURL() })
  const page = await context.newPage()
  // A phone's slower CPU: the browser then paints the page before it has read all of it.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.addInitScript(() => {
    const shifts: string[] = []
    Object.assign(window, { __shifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number
        sources: Array<{ node?: Node | null }>
      }>) {
        const nodes = entry.sources.map((s) => (s.node as Element | null)?.outerHTML.slice(0, 60))
        shifts.push(`${entry.value.toFixed(4)} ${nodes.join(' | ')}`)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto('/tonight')
  await waitForHydration(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)
  await context.close()
  expect(shifts).toEqual([])
})
