import { expect, type Page, test } from '@playwright/test'
import { NEWSLETTER_MESSAGES } from '../../contracts/newsletter-constants.ts'
import { E2E } from '../support/e2e-accounts.ts'
import { axeViolations, baseURL, loginAs, SITE, waitForHydration } from './helpers.ts'

const FAKES = `http://127.0.0.1:${E2E.fakesPort}`
let visitors = 0

/** Each test subscribes from its own client address: the form allows 5 an hour per network. */
async function ownAddress(page: Page) {
  visitors += 1
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 250
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${worker}.${visitors}` })
}

const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`

/** The confirmation link of the one mail that went to `email` (its text, quoted-printable). */
async function confirmationLink(page: Page, email: string): Promise<string> {
  let link = ''
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`${FAKES}/__mails`)).json()) as Array<{
        raw: string
        to: string[]
      }>
      const mine = mails.filter((m) => m.to.includes(email))
      const raw = mine[0]?.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=') ?? ''
      link =
        /https?:\/\/[^\s"<>]+\/_api\/newsletter\/confirm\?t=[A-Za-z0-9._%-]+/.exec(raw)?.[0] ?? ''
      return mine.length
    })
    .toBe(1)
  return link
}

/** A confirmed subscription made as the form and the mail would, through requests alone. */
async function subscribedByApi(page: Page, email: string) {
  visitors += 1
  const res = await page.request.post('/_api/newsletter/subscribe', {
    data: { email },
    headers: { origin: baseURL(), 'x-forwarded-for': `198.19.200.${visitors}` },
  })
  expect(res.status()).toBe(202)
  const confirmed = await page.request.get(await confirmationLink(page, email))
  expect(confirmed.url()).toMatch(/\/email\/confirmed$/)
}

async function managementLinks(page: Page, email: string) {
  const res = await page.request.get(
    `${FAKES}/__newsletter-links?email=${encodeURIComponent(email)}`,
  )
  expect(res.ok()).toBe(true)
  return (await res.json()) as { preferencesUrl: string; unsubscribeUrl: string }
}

test('the footer form: a clear error, then double opt-in through the mailed link', async ({
  page,
}) => {
  await ownAddress(page)
  await page.goto('/about')
  const form = page.getByRole('contentinfo').getByRole('form', { name: 'Get new posts by e-mail' })
  const field = form.getByLabel('Your e-mail address')
  await field.fill('not an address')
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByText(NEWSLETTER_MESSAGES.emailInvalid)).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(NEWSLETTER_MESSAGES.emailInvalid)
  // The honeypot is out of sight and out of the keyboard's way.
  await expect(form.locator('input[name="website"]')).not.toBeInViewport()
  await expect(form.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1')

  const email = unique('footer')
  await field.fill(email)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByText(NEWSLETTER_MESSAGES.subscribed)).toBeVisible()
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  expect(await axeViolations(page, { include: 'footer' })).toEqual([])

  const link = await confirmationLink(page, email)
  await page.goto(link)
  await expect(page).toHaveURL(/\/email\/confirmed$/)
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})

test('the form at the end of a post subscribes too', async ({ page }) => {
  await ownAddress(page)
  const list = (await (await page.request.get('/_api/blog/list?limit=1')).json()) as {
    posts: Array<{ slug: string }>
  }
  await page.goto(`/blog/${list.posts[0]!.slug}`)
  const form = page.getByRole('article').getByRole('form', { name: 'Get new posts by e-mail' })
  const email = unique('post')
  await form.getByLabel('Your e-mail address').fill(email)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByText(NEWSLETTER_MESSAGES.subscribed)).toBeVisible()
  await confirmationLink(page, email)
  expect(await axeViolations(page, { include: 'article' })).toEqual([])
})

test('an address typed while the page is still loading is kept, and sent', async ({ page }) => {
  await ownAddress(page)
  // A slow phone: the form is typed into before its code has come and the player has loaded.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  // The form's own code comes last: a second after the radio player's has arrived (the player
  // then hydrates and tells the site its state while the form still waits).
  const player = page.waitForResponse(/\/assets\/radio-player-[^/]*\.js$/)
  await page.route('**/assets/subscribe-form-*.js', async (route) => {
    await player
    await new Promise((r) => setTimeout(r, 1000))
    await route.continue()
  })
  const list = (await (await page.request.get('/_api/blog/list?limit=1')).json()) as {
    posts: Array<{ slug: string }>
  }
  await page.goto(`/blog/${list.posts[0]!.slug}`, { waitUntil: 'commit' })
  const form = page.getByRole('article').getByRole('form', { name: 'Get new posts by e-mail' })
  const field = form.getByLabel('Your e-mail address')
  const email = unique('early')
  await field.fill(email)
  await waitForHydration(page)
  // The radio player's chunk arrives after the page; its state reaching the site (and any other
  // change) must not draw the form again from scratch.
  await page.waitForLoadState('networkidle')
  await expect(field).toHaveValue(email)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByText(NEWSLETTER_MESSAGES.subscribed)).toBeVisible()
  await confirmationLink(page, email)
})

test('the preferences page by its signed link: save, unsubscribe, and a forged link', async ({
  page,
}) => {
  const email = unique('prefs')
  await subscribedByApi(page, email)
  const links = await managementLinks(page, email)

  await page.goto(links.preferencesUrl)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'E-mail preferences' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByLabel('New posts', { exact: true })).toBeChecked()
  await expect(page.getByLabel('Weekly digest')).toBeChecked()
  // Sky alerts need a place, which only a member's profile holds: not offered to an address.
  await expect(page.getByLabel('Sky alerts')).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])
  await page.getByLabel('Weekly digest').uncheck()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(NEWSLETTER_MESSAGES.preferencesSaved)).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Weekly digest')).not.toBeChecked()
  await expect(page.getByLabel('New posts', { exact: true })).toBeChecked()

  // The mail's unsubscribe link, followed: it asks first and changes nothing by itself.
  await page.goto(links.unsubscribeUrl)
  await expect(page).toHaveURL(/\/email\/preferences\?t=.+&unsubscribe=1$/)
  await expect(page.getByText(/To stop all e-mail from Astro Cosmos/)).toBeVisible()
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Unsubscribe from everything' }).click()
  await expect(page.getByText(NEWSLETTER_MESSAGES.unsubscribed)).toBeVisible()
  await page.reload()
  await expect(page.getByText(/You are unsubscribed and get no e-mail/)).toBeVisible()
  await expect(page.getByLabel('New posts', { exact: true })).not.toBeChecked()

  // The one-click POST again: still 200.
  const again = await page.request.post(links.unsubscribeUrl, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  })
  expect(again.status()).toBe(200)

  const forged =
    links.preferencesUrl.slice(0, -3) + (links.preferencesUrl.endsWith('xyz') ? 'zyx' : 'xyz')
  const res = await page.goto(forged)
  expect(res?.status()).toBe(400)
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible()
  await expect(page.getByText(NEWSLETTER_MESSAGES.tokenInvalid)).toBeVisible()
  await expect(page.getByText(email)).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])
})

test('an expired or invalid confirmation link says so', async ({ page }) => {
  await page.goto('/_api/newsletter/confirm?t=confirm.1.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
  await expect(page).toHaveURL(/\/email\/link\?status=invalid$/)
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible()
  await page.goto('/email/link?status=expired')
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible()
  await expect(page.getByText(NEWSLETTER_MESSAGES.tokenExpired)).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})

test("the profile's e-mail section: subscribe, confirm, choose, unsubscribe", async ({ page }) => {
  await loginAs(page, 'member')
  await page.goto('/profile')
  await waitForHydration(page)
  const section = page.getByRole('region', { name: `E-mail from ${SITE}` })
  await expect(section.getByText(E2E.member.email)).toBeVisible()
  await section.getByRole('button', { name: 'Subscribe' }).click()
  await expect(section.getByText(/open the link we sent to your inbox/)).toBeVisible()

  const confirmed = await page.request.get(await confirmationLink(page, E2E.member.email))
  expect(confirmed.url()).toMatch(/\/email\/confirmed$/)
  await page.reload()
  await waitForHydration(page)
  await expect(section.getByLabel('New posts', { exact: true })).toBeChecked()
  await expect(section.getByText(/open the link we sent/)).toHaveCount(0)
  await section.getByLabel('New posts', { exact: true }).uncheck()
  await section.getByRole('button', { name: 'Save' }).click()
  await expect(section.getByText(NEWSLETTER_MESSAGES.preferencesSaved)).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await section.getByRole('button', { name: 'Unsubscribe from everything' }).click()
  await expect(section.getByText(NEWSLETTER_MESSAGES.unsubscribed)).toBeVisible()
  await expect(section.getByRole('button', { name: 'Subscribe' })).toBeVisible()
})
