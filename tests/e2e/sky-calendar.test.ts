import { expect, test } from '@playwright/test'
import ICAL from 'ical.js'

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the sky calendar lists the coming months, filters by kind and subscribes over webcal://', async ({
    page,
    request,
  }) => {
    await page.goto('/sky-calendar')
    await expect(page.getByRole('heading', { level: 1, name: 'Sky calendar' })).toBeVisible()
    // Twelve months ahead: at least a dozen month headings, each with its events explained.
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(12)
    const fullMoon = page.locator('li[data-kind="moon-phase"]').filter({ hasText: 'Full Moon' })
    await expect(fullMoon.first()).toContainText('opposite the Sun')
    await expect(page.locator('li[data-kind="solar-eclipse"]').first()).toContainText(
      /Not visible from this place|here: the Moon covers/,
    )

    await page.getByRole('checkbox', { name: 'Meteor showers' }).check()
    await page.getByRole('checkbox', { name: 'Oppositions' }).check()
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/kinds=opposition&kinds=meteor-shower/)
    const shown = page.locator('li[data-kind]')
    await expect(shown.first()).toBeVisible()
    const kinds = await shown.evaluateAll((items) =>
      items.map((li) => li.getAttribute('data-kind')),
    )
    expect(new Set(kinds)).toEqual(new Set(['meteor-shower', 'opposition']))
    await expect(page.getByRole('checkbox', { name: 'Meteor showers' })).toBeChecked()

    const subscribe = await page.getByRole('link', { name: 'Subscribe' }).getAttribute('href')
    expect(subscribe).toMatch(
      /^webcal:\/\/[^/]+\/sky-calendar\.ics\?kinds=opposition%2Cmeteor-shower$/,
    )
    // What a calendar app does with a webcal:// address: the same address over http.
    const res = await request.get(String(subscribe).replace(/^webcal:/, 'http:'))
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8')
    const calendar = new ICAL.Component(ICAL.parse(await res.text()))
    const uids = calendar
      .getAllSubcomponents('vevent')
      .map((v) => String(v.getFirstPropertyValue('uid')).split('@')[0])
    const ids = await shown.evaluateAll((items) => items.map((li) => li.id))
    expect(uids).toEqual(ids)

    const download = page.getByRole('link', { name: 'Download' })
    await expect(download).toHaveAttribute(
      'href',
      '/sky-calendar.ics?kinds=opposition%2Cmeteor-shower',
    )
  })
})
