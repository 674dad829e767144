import { expect, type Page, test } from '@playwright/test'
import { DISCORD_INVITE_MESSAGES } from '../../contracts/discord-invite.ts'
import { FAKE_GUILD, scenarioCookie } from '../fakes/discord.ts'
import { adminSend, axeViolations, loginAs, waitForHydration } from './helpers.ts'

const WIDGET_INVITE = 'https://discord.com/invite/Xk7pQ2vR'

/** Signs in through the fake Discord popup as the account the fake's guild knows as a member. */
async function signInAsServerMember(page: Page) {
  await page.context().addCookies([
    scenarioCookie({
      user: {
        id: FAKE_GUILD.memberId,
        username: 'nebulanerd',
        global_name: 'Nebula Nerd',
        email: 'in-the-server@example.com',
        verified: true,
      },
    }),
  ])
  await page.goto('/login')
  await waitForHydration(page)
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Continue with Discord' }).click()
  const popup = await popupOpened
  await expect.poll(() => popup.isClosed()).toBe(true)
  await expect(page).toHaveURL('/')
}

test('a member in the server sees it, its online count and since when they are in it', async ({
  page,
}) => {
  await signInAsServerMember(page)
  const res = await page.goto('/discord-invite')
  expect(res?.status()).toBe(200)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Exclusive Discord' })).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Astro Radio Community' })).toBeVisible()
  await expect(main.getByText(/online now/)).toBeVisible()
  await expect(main.getByText(`${DISCORD_INVITE_MESSAGES.member} November 2, 2024.`)).toBeVisible()
  await expect(main.getByRole('link', { name: 'Join the server' })).toHaveCount(0)
  await waitForHydration(page)
  expect(await axeViolations(page)).toEqual([])
})

test("a member without a linked Discord account gets the invite and the creator's channels", async ({
  page,
  browser,
}) => {
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await loginAs(admin, 'admin')
  const send = adminSend(admin.request)
  const created = await send('/_api/pages/create', {
    title: 'Channels and rules',
    slug: 'discord-invite',
    content: '<p>Share your sketches in #observing-reports.</p>',
    status: 'published',
  })
  expect(created.status, created.text).toBe(200)
  const pageId = (JSON.parse(created.text) as { id: string }).id
  try {
    await loginAs(page, 'member')
    await page.goto('/discord-invite')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: 'Channels and rules' })).toBeVisible()
    await expect(main.getByText('Share your sketches in #observing-reports.')).toBeVisible()
    await expect(main.getByText(DISCORD_INVITE_MESSAGES.notLinked)).toBeVisible()
    await expect(main.getByRole('link', { name: 'Join the server' })).toHaveAttribute(
      'href',
      WIDGET_INVITE,
    )
    await waitForHydration(page)
    expect(await axeViolations(page)).toEqual([])

    // A visitor gets neither the page nor the creator's text.
    const visitor = await browser.newContext()
    const anon = await visitor.newPage()
    const res = await anon.goto('/discord-invite')
    expect(res?.status()).toBe(401)
    await expect(anon.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    expect(await anon.content()).not.toContain('observing-reports')
    await visitor.close()
  } finally {
    await send('/_api/pages/delete', { id: pageId })
    await adminContext.close()
  }
})
