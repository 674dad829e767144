import { expect, test, type Page } from '@playwright/test'
import { ACCOUNTS, loginAs } from './helpers.ts'

function accountNav(page: Page) {
  return page.getByRole('banner').getByRole('navigation', { name: 'Account' })
}

test.describe('header links by auth state', () => {
  test('an anonymous visitor sees Member Login and no Admin, Members or Profile', async ({
    page,
  }) => {
    await page.goto('/')
    const nav = accountNav(page)
    await expect(nav.getByRole('link', { name: 'Member Login' })).toHaveAttribute('href', '/login')
    await expect(nav.getByRole('link')).toHaveCount(1)
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)
    await expect(header.getByRole('link', { name: 'Members', exact: true })).toHaveCount(0)
    await expect(header.getByRole('link', { name: 'Profile', exact: true })).toHaveCount(0)
  })

  test('a member sees Members and a Profile link with their name, no Admin and no Member Login', async ({
    page,
  }) => {
    await loginAs(page, 'member')
    await page.goto('/')
    const nav = accountNav(page)
    await expect(nav.getByRole('link', { name: 'Members', exact: true })).toHaveAttribute(
      'href',
      '/members',
    )
    await expect(
      nav.getByRole('link', { name: ACCOUNTS.member.displayName, exact: true }),
    ).toHaveAttribute('href', '/profile')
    await expect(nav.getByRole('link')).toHaveText(['Members', ACCOUNTS.member.displayName])
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)
    await expect(header.getByRole('link', { name: 'Member Login' })).toHaveCount(0)
  })

  test('an admin sees Admin, Members and their name', async ({ page }) => {
    await loginAs(page, 'admin')
    await page.goto('/')
    const nav = accountNav(page)
    await expect(nav.getByRole('link')).toHaveText(['Admin', 'Members', ACCOUNTS.admin.displayName])
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute(
      'href',
      '/admin',
    )
    await expect(nav.getByRole('link', { name: 'Members', exact: true })).toHaveAttribute(
      'href',
      '/members',
    )
    await expect(
      nav.getByRole('link', { name: ACCOUNTS.admin.displayName, exact: true }),
    ).toHaveAttribute('href', '/profile')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Member Login' })).toHaveCount(
      0,
    )
  })
})
