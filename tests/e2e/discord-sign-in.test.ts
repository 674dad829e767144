import { expect, type Page, test } from '@playwright/test'
import { OAUTH_ERRORS, SIGN_IN_MESSAGES } from '../../contracts/oauth.ts'
import { type FakeDiscordScenario, scenarioCookie } from '../fakes/discord.ts'
import { ACCOUNTS, waitForHydration } from './helpers.ts'

let seq = 0
/** A Discord person this site has never seen (unique per test and per run). */
function newcomer(label: string) {
  seq += 1
  const stamp = `${Date.now()}${seq}`.slice(-12)
  return {
    id: `73${stamp}0000`,
    username: `${label}${stamp}`.toLowerCase(),
    global_name: `${label} ${stamp.slice(-4)}`,
    email: `${label}.${stamp}@example.com`.toLowerCase(),
    verified: true,
  }
}

async function openLogin(page: Page, scenario?: FakeDiscordScenario) {
  if (scenario) await page.context().addCookies([scenarioCookie(scenario)])
  // Records how the popup is opened, then opens it for real.
  await page.addInitScript(() => {
    const w = window as unknown as { __opened: string[][] }
    w.__opened = []
    const open = window.open.bind(window)
    window.open = (url?: string | URL, target?: string, features?: string) => {
      w.__opened.push([String(url), String(target), String(features)])
      return open(url, target, features)
    }
  })
  await page.goto('/login')
  await waitForHydration(page)
}

function signInButton(page: Page) {
  return page.getByRole('button', { name: 'Continue with Discord' })
}

/**
 * Starts sign-in with the popup held on a consent page, as when the visitor reads Discord's page
 * and gives up; the page waits for Discord.
 */
async function openPopupOnConsentPage(page: Page) {
  await page
    .context()
    .route('**/_api/auth/oauth_authorize**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>Authorize Astro Cosmos?</p>' }),
    )
  await page.goto('/login')
  await waitForHydration(page)
  const popupOpened = page.waitForEvent('popup')
  await signInButton(page).click()
  const popup = await popupOpened
  await expect(page.getByRole('button', { name: 'Waiting for Discord...' })).toBeDisabled()
  return popup
}

test.describe('Discord sign-in through the popup', () => {
  test('a new visitor signs in, lands on / signed in and sees Members and Profile', async ({
    page,
  }) => {
    const person = newcomer('Nebula')
    await openLogin(page, { user: person, joinedAt: '2024-11-02T18:47:12.529000+00:00' })
    await expect(page).toHaveTitle(/^Join Our Community \|/)
    await expect(page.getByRole('heading', { name: 'Join the Discord Community' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'login here' })).toHaveAttribute(
      'href',
      '/admin/login',
    )

    const popupOpened = page.waitForEvent('popup')
    await signInButton(page).click()
    const popup = await popupOpened
    // The popup closes itself once it has handed over the token.
    await expect.poll(() => popup.isClosed()).toBe(true)

    await expect(page).toHaveURL('/')
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Account' })
    await expect(nav.getByRole('link', { name: 'Members', exact: true })).toHaveAttribute(
      'href',
      '/members',
    )
    await expect(nav.getByRole('link', { name: person.global_name, exact: true })).toHaveAttribute(
      'href',
      '/profile',
    )
    const opened = await page.evaluate(
      () => (window as unknown as { __opened?: string[][] }).__opened ?? [],
    )
    expect(opened).toHaveLength(1)
    expect(opened[0]![0]).toBe('/_api/auth/oauth_authorize?provider=discord')
    expect(opened[0]![2]).toMatch(/^width=500,height=600,left=\d+,top=\d+$/)

    // The new member's account is linked to Discord and shows their server membership.
    await page.goto('/members/profile')
    const accounts = page.getByRole('region', { name: 'Connected Accounts' })
    await expect(accounts.getByText('Discord', { exact: true })).toBeVisible()
    await expect(accounts.getByText(person.email)).toBeVisible()
    await expect(accounts.getByRole('button', { name: 'Disconnect' })).toBeDisabled()
    const discord = page.getByRole('region', { name: 'Discord Integration' })
    await expect(discord.getByText(person.username)).toBeVisible()
    await expect(discord.getByText('Member', { exact: true })).toBeVisible()
    await expect(discord.getByText('November 2, 2024')).toBeVisible()
    await expect(discord.getByRole('button', { name: 'Connect' })).toHaveCount(0)
  })

  test('an e-mail that already has an account shows the Account Already Exists card', async ({
    page,
  }) => {
    await openLogin(page, { user: { ...newcomer('Twin'), email: ACCOUNTS.member.email } })
    await signInButton(page).click()
    const card = page.getByRole('alertdialog', { name: 'Account Already Exists' })
    await expect(card).toBeVisible()
    await expect(card).toContainText(OAUTH_ERRORS.account_linking_required)
    await card.getByRole('button', { name: 'Got it' }).click()
    await expect(card).toHaveCount(0)
    await expect(signInButton(page)).toBeEnabled()
    // Nothing was signed in.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Member Login' })).toBeVisible()
  })

  test('a blocked popup says so', async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null
    })
    await page.goto('/login')
    await waitForHydration(page)
    await signInButton(page).click()
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_MESSAGES.popupBlocked)
    await expect(page).toHaveURL('/login')
  })

  test('cancelling on Discord shows the OAuth error message and stays signed out', async ({
    page,
  }) => {
    await openLogin(page, { outcome: 'denied', user: newcomer('Shy') })
    await signInButton(page).click()
    await expect(page.getByRole('alert')).toHaveText(OAUTH_ERRORS.access_denied)
    await expect(page).toHaveURL('/login')
    await expect(signInButton(page)).toBeEnabled()
  })

  test('a token exchange failure shows the session error', async ({ page }) => {
    await page.route('**/_api/auth/establish_session', (route) =>
      route.fulfill({ status: 500, json: { error: 'boom' } }),
    )
    await openLogin(page, { user: newcomer('Unlucky') })
    await signInButton(page).click()
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_MESSAGES.sessionFailed)
    await expect(page).toHaveURL('/login')
  })

  test('closing the popup without signing in goes back to the start', async ({ page }) => {
    const popup = await openPopupOnConsentPage(page)
    await popup.close()
    await expect(signInButton(page)).toBeEnabled({ timeout: 3000 })
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('a popup left open is closed after 5 minutes', async ({ page }) => {
    await page.clock.install()
    const popup = await openPopupOnConsentPage(page)
    await page.clock.fastForward('04:50')
    expect(popup.isClosed()).toBe(false)
    const closed = popup.waitForEvent('close')
    await page.clock.fastForward('00:15')
    await closed
    await expect(signInButton(page)).toBeEnabled()
  })

  test('a signed-in member who opens /login goes to the members area', async ({ page }) => {
    await openLogin(page, { user: newcomer('Again') })
    await signInButton(page).click()
    await expect(page).toHaveURL('/')
    await page.goto('/login')
    await expect(page).toHaveURL('/members')
  })
})
