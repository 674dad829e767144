import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { OAUTH_LINKED_MESSAGE } from '../../contracts/oauth.ts'
import { PROFILE_MESSAGES } from '../../contracts/profile.ts'
import { scenarioCookie } from '../fakes/discord.ts'
import { E2E } from '../support/e2e-accounts.ts'
import { ACCOUNTS, loginHeaders, waitForHydration } from './helpers.ts'

// One account (nobody else uses it) goes through its settings in order: the tests share its state.
test.describe.configure({ mode: 'serial' })

const account: { email: string; password: string; displayName: string } = { ...E2E.settingsMember }

async function signIn(page: Page) {
  const res = await page.request.post('/_api/auth/login_with_password', {
    data: { email: account.email, password: account.password },
    headers: loginHeaders(),
  })
  expect(res.ok(), `login answered ${res.status()}`).toBe(true)
}

async function open(page: Page, path: string) {
  await signIn(page)
  await page.goto(path)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible()
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })
}

async function png(width = 400, height = 300) {
  return sharp({ create: { width, height, channels: 3, background: '#2a3b8f' } })
    .png()
    .toBuffer()
}

test('the forms validate on blur and on submit with the spec messages', async ({ page }) => {
  await open(page, '/profile')
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible()
  for (const name of ['Avatar', 'Profile Information', 'Change Password'])
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible()

  const displayName = page.getByLabel('Display name')
  await expect(displayName).toHaveValue(account.displayName)
  await displayName.fill('A')
  await displayName.blur()
  await expect(page.getByText(PROFILE_MESSAGES.displayNameMin)).toBeVisible()
  const email = page.getByLabel('Email')
  await email.fill('not-an-email')
  await email.blur()
  await expect(page.getByText(PROFILE_MESSAGES.invalidEmail)).toBeVisible()

  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText(PROFILE_MESSAGES.currentPasswordRequired)).toBeVisible()
  await expect(page.getByText(PROFILE_MESSAGES.newPasswordMin)).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('long enough one')
  const confirm = page.getByLabel('Confirm new password')
  await confirm.fill('something else')
  await confirm.blur()
  await expect(page.getByText(PROFILE_MESSAGES.passwordsDoNotMatch)).toBeVisible()
  await expect(confirm).toHaveAttribute('aria-invalid', 'true')
})

test('updates the profile: toast, new name in the header, clear message for a taken e-mail', async ({
  page,
}) => {
  await open(page, '/profile')
  await page.getByLabel('Display name').fill('Vega Lyra')
  await page.getByLabel('Email').fill('Vega.Lyra@Example.com')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, PROFILE_MESSAGES.profileUpdated)).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('vega.lyra@example.com')
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Vega Lyra', exact: true }),
  ).toBeVisible()
  account.email = 'vega.lyra@example.com'

  await page.getByLabel('Email').fill(ACCOUNTS.member.email)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(
    toast(page, `Failed to update profile: ${PROFILE_MESSAGES.emailTaken}`),
  ).toBeVisible()
})

test('avatar: preview with Save Photo and Cancel, upload, and the file checks', async ({
  page,
}) => {
  await open(page, '/profile')
  const chooser = page.getByLabel('Choose a new avatar')

  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png() })
  await expect(page.getByRole('img', { name: 'Preview of your new avatar' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('img', { name: 'Preview of your new avatar' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Save Photo' })).toHaveCount(0)

  await chooser.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  })
  await expect(toast(page, PROFILE_MESSAGES.avatarType)).toBeVisible()
  await chooser.setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) })
  await expect(toast(page, PROFILE_MESSAGES.avatarEmpty)).toBeVisible()
  await chooser.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 10),
  })
  await expect(toast(page, PROFILE_MESSAGES.avatarTooLarge)).toBeVisible()

  // A file that claims to be a PNG but is not: the server decodes it and refuses.
  await chooser.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image at all'),
  })
  await page.getByRole('button', { name: 'Save Photo' }).click()
  await expect(toast(page, `Failed to upload avatar: ${PROFILE_MESSAGES.avatarType}`)).toBeVisible()

  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png() })
  await page.getByRole('button', { name: 'Save Photo' }).click()
  await expect(toast(page, PROFILE_MESSAGES.avatarUpdated)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save Photo' })).toHaveCount(0)
  const avatar = page.getByRole('main').getByRole('img', { name: /^Avatar of / })
  await expect(avatar).toHaveAttribute('src', /^\/uploads\/avatars\/\d+-[A-Za-z0-9_-]+\.webp$/)
  // The new picture has its address at once and its pixels once it has loaded.
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(256)
})

test('changes the password: a wrong current password is refused, then success', async ({
  page,
}) => {
  await open(page, '/profile')
  await page.getByLabel('Current password').fill('not my password')
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase')
  await page.getByLabel('Confirm new password').fill('a brand new passphrase')
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(
    toast(page, `Failed to change password: ${PROFILE_MESSAGES.currentPasswordWrong}`),
  ).toBeVisible()

  await page.getByLabel('Current password').fill(account.password)
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(toast(page, PROFILE_MESSAGES.passwordChanged)).toBeVisible()
  await expect(page.getByLabel('Current password')).toHaveValue('')
  account.password = 'a brand new passphrase'
})

test('/members/profile: connect Discord, see the connection and log out', async ({ page }) => {
  await open(page, '/members/profile')
  const accounts = page.getByRole('region', { name: 'Connected Accounts' })
  await expect(accounts.getByText('No accounts connected.')).toBeVisible()
  const discord = page.getByRole('region', { name: 'Discord Integration' })

  const person = {
    id: `74${Date.now()}`.slice(0, 18),
    username: `vegalyra${Date.now() % 100000}`,
    email: `vega-discord-${Date.now()}@example.com`,
    verified: true,
  }
  await page.context().addCookies([scenarioCookie({ user: person, outcome: 'not_in_server' })])
  await discord.getByRole('button', { name: 'Connect' }).click()
  await expect(page).toHaveURL('/members/profile')
  await expect(toast(page, OAUTH_LINKED_MESSAGE)).toBeVisible()
  await expect(accounts.getByText(person.email)).toBeVisible()
  await expect(discord.getByText(person.username)).toBeVisible()
  await expect(discord.getByText('Not joined yet')).toBeVisible()

  await page
    .getByRole('region', { name: 'Account Security' })
    .getByRole('button', { name: 'Log Out' })
    .click()
  await expect(toast(page, PROFILE_MESSAGES.loggedOut)).toBeVisible()
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Member Login' })).toBeVisible()
})

test('error states: profile, connected accounts, Discord status and a failed logout', async ({
  page,
}) => {
  await page.route('**/_api/user/oauth-accounts', (r) =>
    r.fulfill({ status: 500, json: { error: 'x' } }),
  )
  await page.route('**/_api/user/discord-status', (r) =>
    r.fulfill({ status: 502, json: { error: 'x' } }),
  )
  await page.route('**/_api/auth/logout', (r) =>
    r.fulfill({ status: 500, json: { error: 'The server is on fire.' } }),
  )
  await open(page, '/members/profile')
  await expect(page.getByText('Could not load connected accounts.')).toBeVisible()
  await expect(page.getByText('Could not load Discord status.')).toBeVisible()
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(toast(page, 'Logout failed: The server is on fire.')).toBeVisible()
  await expect(page).toHaveURL('/members/profile')

  await page.route('**/_api/user/profile', (r) =>
    r.fulfill({ status: 500, json: { error: 'The database is resting.' } }),
  )
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Error loading profile' })).toBeVisible()
  await expect(page.getByText('The database is resting.')).toBeVisible()
})

test('Logout on /profile: toast, then /login', async ({ page }) => {
  await open(page, '/profile')
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(toast(page, PROFILE_MESSAGES.loggedOut)).toBeVisible()
  await expect(page).toHaveURL('/login')
  await page.goto('/profile')
  await expect(page).toHaveURL('/login')
})
