import { expect, test } from '@playwright/test'
import {
  ACCOUNTS,
  SITE,
  clientNavigate,
  expectSameDocument,
  loginAs,
  markDocument,
  waitForHydration,
} from './helpers.ts'

const MEMBER_CARDS = [
  ['Early Access Articles', 'Read articles', '/blog?filter=early-access'],
  ['Exclusive Discord', 'Join the channels', '/discord-invite'],
  ['Member Resources', 'Browse resources', '/resources'],
  ['Special Announcements', 'See announcements', '/announcements'],
  ['Your Account', 'Manage your profile', '/profile'],
] as const

test.describe('route guards, anonymous', () => {
  test('/admin redirects to /admin/login', async ({ page }) => {
    const response = await page.goto('/admin')
    await expect(page).toHaveURL('/admin/login')
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/admin$/)
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0)
  })

  test('/profile redirects to /login', async ({ page }) => {
    const response = await page.goto('/profile')
    await expect(page).toHaveURL('/login')
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/profile$/)
    await expect(page).toHaveTitle(`Join Our Community | ${SITE}`)
    await expect(page.getByRole('heading', { name: 'Join the Discord Community' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'My Profile' })).toHaveCount(0)
  })

  test('/members shows Access Denied with a Login link to /login', async ({ page }) => {
    await page.goto('/members')
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    await expect(page.getByText('You must be logged in to view the members area.')).toBeVisible()
    await expect(page.getByText(/^Welcome,/)).toHaveCount(0)
    const login = page.getByRole('main').getByRole('link', { name: 'Login', exact: true })
    await expect(login).toHaveAttribute('href', '/login')
    await login.click()
    await expect(page).toHaveURL('/login')
    await expect(page.getByRole('heading', { name: 'Join the Discord Community' })).toBeVisible()
  })
})

test('route guards, anonymous: client-side navigations are redirected too', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await markDocument(page)

  await clientNavigate(page, '/admin')
  await expect(page).toHaveURL('/admin/login')
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible()

  await clientNavigate(page, '/profile')
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('heading', { name: 'Join the Discord Community' })).toBeVisible()
  await expectSameDocument(page)
})

test.describe('route guards, signed in', () => {
  test('a member on /admin gets 403 and Access Denied; /members welcomes them; /profile is open', async ({
    page,
  }) => {
    await loginAs(page, 'member')

    const response = await page.goto('/admin')
    expect(response?.status()).toBe(403)
    await expect(page).toHaveURL('/admin')
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    await expect(
      page.getByText('Access denied. Your role (user) lacks required permissions.'),
    ).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0)

    await page.goto('/members')
    await expect(
      page.getByRole('heading', { name: `Welcome, ${ACCOUNTS.member.displayName}!`, level: 1 }),
    ).toBeVisible()
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(
      MEMBER_CARDS.map(([title]) => title),
    )
    for (const [, cta, href] of MEMBER_CARDS) {
      await expect(main.getByRole('link', { name: cta })).toHaveAttribute('href', href)
    }

    // The client-side guard agrees with the server's.
    await waitForHydration(page)
    await markDocument(page)
    await clientNavigate(page, '/admin')
    await expect(page).toHaveURL('/admin')
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    await expect(
      page.getByText('Access denied. Your role (user) lacks required permissions.'),
    ).toBeVisible()
    await expectSameDocument(page)

    // A member may open /profile.
    const profile = await page.goto('/profile')
    expect(profile?.status()).toBe(200)
    await expect(page).toHaveURL('/profile')
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  })

  test('an admin reaches /admin', async ({ page }) => {
    await loginAs(page, 'admin')
    const response = await page.goto('/admin')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0)
  })
})
