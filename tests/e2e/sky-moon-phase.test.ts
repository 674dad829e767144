import { expect, test } from '@playwright/test'
import type { MoonPhaseResponse } from '../../contracts/sky.ts'
import { waitForHydration } from './helpers.ts'
import { skyUpstream } from './sky-helpers.ts'

const ZONE = 'America/Los_Angeles'
test.use({ timezoneId: ZONE })

function calendarDaysAway(iso: string, now: Date): number {
  const day = (d: Date) =>
    Date.parse(`${new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(d)}T00:00:00Z`)
  return Math.round((day(new Date(iso)) - day(now)) / 86_400_000)
}

const words = (days: number) => (days <= 0 ? 'Today' : days === 1 ? 'Tomorrow' : `In ${days} days`)

test('shows the Moon computed on the server, with the spec’s precisions and local days away', async ({
  page,
  request,
}) => {
  // A fresh computation, so the page and the API below share one 10-minute copy.
  await skyUpstream(request, {}, { mode: 'clear', scope: 'moon-phase' })
  const html = await (await request.get('/moon-phase')).text()
  const moon = (await (await request.get('/_api/moon-phase')).json()) as MoonPhaseResponse
  // The first render already carries the data (search engines, link previews).
  expect(html).toContain(moon.phaseName)
  expect(html).toContain(`${moon.illumination.toFixed(2)}%`)

  await page.goto('/moon-phase')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Moon Phase' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: moon.phaseName })).toBeVisible()

  const waxing = Date.parse(moon.nextFullMoon) < Date.parse(moon.nextNewMoon)
  const drawing = page.getByRole('img', {
    name: `${moon.phaseName}, ${moon.illumination.toFixed(2)}% illuminated`,
  })
  await expect(drawing).toBeVisible()
  await expect(drawing).toHaveAttribute(
    'data-lit-side',
    moon.illumination >= 99.5 ? 'full' : waxing ? 'right' : 'left',
  )

  const details = page.getByRole('definition').locator('..')
  const card = (label: string) =>
    details.filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
  await expect(card('Illumination')).toContainText(`${moon.illumination.toFixed(2)}%`)
  await expect(card('Moon Age')).toContainText(`${moon.age.toFixed(1)} days`)
  await expect(card('Distance from Earth')).toContainText(
    `${Math.round(moon.distance).toLocaleString('en-US')} km`,
  )
  await expect(card('Zodiac Sign')).toContainText(moon.zodiac)
  const now = new Date()
  await expect(card('Next Full Moon')).toContainText(
    words(calendarDaysAway(moon.nextFullMoon, now)),
  )
  await expect(card('Next New Moon')).toContainText(words(calendarDaysAway(moon.nextNewMoon, now)))
  // Times in the visitor's zone once the page is live.
  await expect(card('Next Full Moon')).toContainText(/P[SD]T/)

  await expect(
    page.getByText(/^Calculated .* · Computed with the astronomy-engine ephemeris$/),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Understanding the Moon’s Phases' })).toBeVisible()
  await expect(page.getByText('about 29.5 days')).toBeVisible()
})

test('the browser asks for a new Moon after 10 minutes, not before', async ({ page }) => {
  await page.clock.install()
  await page.goto('/moon-phase')
  await waitForHydration(page)
  const calls: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/_api/moon-phase') calls.push(r.url())
  })
  const header = page.getByRole('banner')
  // Away to a page without sky data (the other sky pages' upstreams belong to other tests).
  const visitAboutAndBack = async () => {
    await header.getByRole('link', { name: 'About', exact: true }).click()
    await expect(page).toHaveURL('/about')
    await header.getByRole('link', { name: 'Moon', exact: true }).click()
    await expect(page).toHaveURL('/moon-phase')
    await expect(page.getByRole('img', { name: /% illuminated$/ })).toBeVisible()
  }

  await page.clock.fastForward('09:00')
  await visitAboutAndBack()
  expect(calls).toHaveLength(0)

  await page.clock.fastForward('02:00')
  await visitAboutAndBack()
  await expect.poll(() => calls.length).toBe(1)
})
