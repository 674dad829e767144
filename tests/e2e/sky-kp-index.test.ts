import { expect, test } from '@playwright/test'
import type { SolarWeatherResponse } from '../../contracts/sky.ts'
import { waitForHydration } from './helpers.ts'
import { skyUpstream } from './sky-helpers.ts'

// The fake SWPC's current block is the sample's 'estimated' row (Kp 4.00, "Active"); the first
// predicted block is 4.67 (G1), the observed product's newest row 3.67.
const SCOPE = { scope: 'solar-weather' } as const
const ERROR_TEXT = 'Could not load the latest solar weather. Please try again later.'

test.describe.configure({ mode: 'serial' })
test.use({ timezoneId: 'Asia/Tokyo' })

test.afterAll(async ({ request }) => {
  await skyUpstream(request, { swpc: 'ok' }, { mode: 'clear', ...SCOPE })
})

test('shows the current Kp on the gauge and the forecast grouped by the visitor’s day', async ({
  page,
  request,
}) => {
  await skyUpstream(request, { swpc: 'ok' }, { mode: 'clear', ...SCOPE })
  const response = await page.goto('/kp-index')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'The Planetary K-index' })).toBeVisible()
  const gauge = page.getByRole('meter', { name: 'Current Kp index' })
  await expect(gauge).toHaveAttribute('aria-valuetext', 'Kp 4.00, Active')
  await expect(gauge).toHaveAttribute('data-tone', 'primary')
  await expect(page.getByRole('figure').getByText('4.00', { exact: true })).toBeVisible()
  await waitForHydration(page)

  const data = (await (await request.get('/_api/solar-weather')).json()) as SolarWeatherResponse
  const tokyoDay = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  })
  const expectedDays = [
    ...new Set(data.forecast.map((f) => tokyoDay.format(new Date(f.timestamp)))),
  ]
  const forecast = page.getByRole('region', { name: '3-Day Forecast' })
  await expect(forecast.getByRole('heading', { level: 3 })).toHaveText(expectedDays)
  await expect(forecast.getByText('in your time zone')).toBeVisible()

  const first = forecast.getByRole('listitem').first()
  await expect(first).toContainText('4.67')
  await expect(first).toHaveAttribute('data-tone', 'error')
  const tokyoTime = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  await expect(first.locator('time')).toHaveText(
    tokyoTime.format(new Date(data.forecast[0]!.timestamp)),
  )
  await expect(forecast.getByRole('listitem')).toHaveCount(data.forecast.length)

  await expect(page.getByText(/^Last updated .* · Source: NOAA SWPC$/)).toBeVisible()
  const table = page.getByRole('table')
  await expect(table.getByRole('row')).toHaveCount(10)
  await expect(table.getByRole('row').nth(6)).toHaveText(['6', 'G2', 'Moderate'].join(''))
  await expect(page.getByRole('heading', { name: 'Aurora visibility by Kp' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Impacts' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'About the data' })).toBeVisible()
})

test('reads SWPC’s legacy array format to the same values', async ({ page, request }) => {
  await skyUpstream(request, { swpc: 'legacy' }, { mode: 'clear', ...SCOPE })
  await page.goto('/kp-index')
  await expect(page.getByRole('meter', { name: 'Current Kp index' })).toHaveAttribute(
    'aria-valuetext',
    'Kp 4.00, Active',
  )
  await expect(
    page.getByRole('region', { name: '3-Day Forecast' }).getByRole('listitem').first(),
  ).toContainText('4.67')
})

test('an HTML error page from SWPC with nothing cached: Error Fetching Data and Forecast Error, never a 500', async ({
  page,
  request,
}) => {
  await skyUpstream(request, { swpc: 'html' }, { mode: 'clear', ...SCOPE })
  const response = await page.goto('/kp-index')
  expect(response?.status()).toBe(200)
  const current = page.getByRole('region', { name: 'Current Status' })
  await expect(current.getByRole('heading', { name: 'Error Fetching Data' })).toBeVisible()
  await expect(current.getByText(ERROR_TEXT)).toBeVisible()
  const forecast = page.getByRole('region', { name: '3-Day Forecast' })
  await expect(forecast.getByRole('heading', { name: 'Forecast Error' })).toBeVisible()
  await expect(forecast.getByText(ERROR_TEXT)).toBeVisible()
  await expect(page.getByRole('meter')).toHaveCount(0)
  await waitForHydration(page)
  await expect(current.getByRole('heading', { name: 'Error Fetching Data' })).toBeVisible()
})

test('a hanging SWPC: 8 skeleton bars while loading, then the error', async ({ page, request }) => {
  await skyUpstream(request, { swpc: 'timeout' }, { mode: 'clear', ...SCOPE })
  // The page arrives after the render's 2 s wait, with skeletons; the upstream gives up after 6 s.
  await page.goto('/kp-index', { waitUntil: 'commit' })
  const skeleton = page.getByRole('status', { name: 'Loading forecast' })
  // Both skeletons at once: on a loaded machine the 6 s can pass between two checks in a row.
  await Promise.all([
    expect(skeleton.getByRole('listitem')).toHaveCount(8),
    expect(page.getByRole('status', { name: 'Loading current Kp index' })).toBeVisible(),
  ])
  await expect(page.getByRole('heading', { name: 'Error Fetching Data' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByRole('heading', { name: 'Forecast Error' })).toBeVisible()
})

test('SWPC down after a good copy: the last data stays, marked as older', async ({
  page,
  request,
}) => {
  await skyUpstream(request, { swpc: 'ok' }, { mode: 'clear', ...SCOPE })
  await page.goto('/kp-index')
  await expect(page.getByRole('meter', { name: 'Current Kp index' })).toBeVisible()
  await skyUpstream(request, { swpc: 'server-error' }, { mode: 'expire', ...SCOPE })
  await page.reload()
  await expect(page.getByRole('meter', { name: 'Current Kp index' })).toHaveAttribute(
    'aria-valuetext',
    'Kp 4.00, Active',
  )
  const note = page.getByRole('status').filter({ hasText: 'Showing older data.' })
  await expect(note).toContainText('NOAA SWPC is not answering right now')
  await expect(note).toContainText(/old \(from /)
})

test('only the forecast product failing: the current Kp from the observed product, Forecast Unavailable', async ({
  page,
  request,
}) => {
  await skyUpstream(
    request,
    { swpc: 'ok', 'swpc:forecast': 'malformed' },
    { mode: 'clear', ...SCOPE },
  )
  await page.goto('/kp-index')
  await expect(page.getByRole('meter', { name: 'Current Kp index' })).toHaveAttribute(
    'aria-valuetext',
    'Kp 3.67, Active',
  )
  const forecast = page.getByRole('region', { name: '3-Day Forecast' })
  await expect(forecast.getByRole('heading', { name: 'Forecast Unavailable' })).toBeVisible()
  await expect(
    forecast.getByText('3-day forecast data is not currently available. Please check back later.'),
  ).toBeVisible()
})
