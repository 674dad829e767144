import { readFileSync } from 'node:fs'
import { expect, type Locator, type Page, test } from '@playwright/test'
import type { BlogPost } from '../../contracts/blog-constants.ts'
import { NEWSLETTER_MESSAGES, type NewsletterStats } from '../../contracts/newsletter-constants.ts'
import { E2E } from '../support/e2e-accounts.ts'
import { createPost } from '../support/factories.ts'
import {
  adminSend,
  axeViolations,
  baseURL,
  loginAs,
  seedNewsletter,
  showScheme,
  waitForHydration,
} from './helpers.ts'

/**
 * The admin's Newsletter tab (subscriber counts, the sends with their progress and failures,
 * retrying, the CSV export) and the editor's e-mail settings of a post (the checkbox, the preview,
 * the test mail), against the e2e server's own SMTP server.
 */
const FAKES = `http://127.0.0.1:${E2E.fakesPort}`
const unique = () => Math.random().toString(36).slice(2, 8)

/** A draft never becomes visible, so the outbox queues nothing for it on its own. */
const draftPost = (page: Page, title: string) =>
  createPost(adminSend(page.request), { title, status: 'draft' })

async function stats(page: Page): Promise<NewsletterStats> {
  const res = await page.request.get('/_api/admin/newsletter/stats')
  expect(res.ok()).toBe(true)
  return (await res.json()) as NewsletterStats
}

async function openTab(page: Page) {
  await page.goto('/admin?tab=newsletter')
  await waitForHydration(page)
  await expect(page.getByRole('tab', { name: 'Newsletter' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.getByTestId(/skeleton/)).toHaveCount(0)
}

/** A send's card, found by its subject. */
const sendCard = (page: Page, subject: string) =>
  page.getByTestId('newsletter-send').filter({ has: page.getByRole('heading', { name: subject }) })

async function expectCounts(
  card: Locator,
  counts: { queued: number; sent: number; failed: number },
) {
  await expect(card.getByTestId('send-queued')).toHaveText(String(counts.queued))
  await expect(card.getByTestId('send-sent')).toHaveText(String(counts.sent))
  await expect(card.getByTestId('send-failed')).toHaveText(String(counts.failed))
}

/** Requests for the list of sends the page makes from now on. */
function countSendRequests(page: Page) {
  const seen = { count: 0 }
  page.on('request', (req) => {
    if (req.url().includes('/_api/admin/newsletter/sends')) seen.count += 1
  })
  return seen
}

test('the tab counts subscribers, shows a send going with its progress, and stops asking once it is done', async ({
  page,
}) => {
  test.slow()
  await loginAs(page, 'admin')
  // The theme follows the scheme, so each axe pass below sees the colours it names.
  await page.context().addCookies([{ name: 'theme', value: 'auto', url: baseURL() }])
  const id = unique()
  const before = await stats(page)
  const addr = (name: string) => `${name}-${id}@subscribers.example.org`
  const subject = `Saturn at opposition ${id}`
  const post = await draftPost(page, subject)
  const sendId = await seedNewsletter(page, {
    subscribers: [
      { email: addr('member-a'), member: true },
      { email: addr('member-b'), member: true, digest: false },
      { email: addr('reader-a'), confirmed: true, alerts: true },
      { email: addr('reader-b'), confirmed: true, posts: false },
      { email: addr('reader-c') },
      { email: addr('gone'), confirmed: true, unsubscribed: true },
    ],
    send: {
      subject,
      postId: post.id,
      state: 'sending',
      deliveries: [
        { email: addr('member-a'), state: 'sent' },
        { email: addr('member-b'), state: 'sent' },
        {
          email: addr('reader-a'),
          state: 'failed',
          attempts: 5,
          lastError: '550 5.1.1 No such user',
        },
        { email: addr('reader-b'), state: 'queued' },
      ],
    },
  })
  const after = await stats(page)
  // What the seed added, whatever other tests subscribed before.
  expect(after.members - before.members).toBe(2)
  expect(after.emailOnly - before.emailOnly).toBe(3)
  expect(after.confirmed - before.confirmed).toBe(2)
  expect(after.unconfirmed - before.unconfirmed).toBe(1)
  expect(after.unsubscribed - before.unsubscribed).toBe(1)
  expect(after.byPreference.posts - before.byPreference.posts).toBe(3)
  expect(after.byPreference.digest - before.byPreference.digest).toBe(3)
  expect(after.byPreference.alerts - before.byPreference.alerts).toBe(1)

  const requests = countSendRequests(page)
  await openTab(page)
  await expect(page.getByTestId('newsletter-not-configured')).toHaveCount(0)
  for (const key of ['members', 'emailOnly', 'confirmed', 'unconfirmed', 'unsubscribed'] as const)
    await expect(page.getByTestId(`subscribers-${key}`)).toHaveText(
      after[key].toLocaleString('en-US'),
    )
  for (const key of ['posts', 'digest', 'alerts'] as const)
    await expect(page.getByTestId(`preference-${key}`)).toHaveText(
      after.byPreference[key].toLocaleString('en-US'),
    )

  // The newest send first, going: 3 of its 4 deliveries ended.
  const card = sendCard(page, subject)
  await expect(page.getByTestId('newsletter-send').first()).toHaveText(new RegExp(subject))
  await expectCounts(card, { queued: 1, sent: 2, failed: 1 })
  const progress = card.getByRole('progressbar')
  await expect(progress).toHaveAttribute('value', '3')
  await expect(progress).toHaveAttribute('max', '4')
  await expect(card.getByTestId('failed-delivery')).toHaveText(
    new RegExp(`${addr('reader-a')}.*5 attempts.*550 5\\.1\\.1 No such user`),
  )
  // While it is going, the list is asked for again every few seconds.
  const asked = requests.count
  await expect.poll(() => requests.count, { timeout: 15_000 }).toBeGreaterThan(asked + 1)

  // The waiting delivery falls due; the worker sends it and the page sees the send finish.
  await seedNewsletter(page, { subscribers: [], release: sendId! })
  await expectCounts(card, { queued: 0, sent: 3, failed: 1 })
  await expect(progress).toHaveCount(0)
  // Then the page stops asking.
  const settledAt = requests.count
  await page.waitForTimeout(8_000)
  expect(requests.count - settledAt).toBeLessThanOrEqual(1)

  for (const scheme of ['dark', 'light'] as const) {
    await showScheme(page, scheme)
    expect(await axeViolations(page), `axe, ${scheme}`).toEqual([])
  }
})

test('without SMTP the tab says nothing will be sent', async ({ page }) => {
  await loginAs(page, 'admin')
  // The e2e server has an SMTP server; this is its real answer with SMTP_URL unset.
  await page.route('**/_api/admin/newsletter/stats', async (route) => {
    const answer = await route.fetch()
    const body = (await answer.json()) as NewsletterStats
    await route.fulfill({ response: answer, json: { ...body, configured: false } })
  })
  await openTab(page)
  const notice = page.getByTestId('newsletter-not-configured')
  await expect(notice).toContainText(NEWSLETTER_MESSAGES.notConfigured)
  await expect(notice).toContainText('SMTP_URL')
  await expect(notice).toContainText('Nothing is sent')
})

test('Retry failed queues the failed deliveries again and they are delivered', async ({ page }) => {
  test.slow()
  await loginAs(page, 'admin')
  const id = unique()
  const addr = (name: string) => `${name}-${id}@retry.example.org`
  const subject = `Retry me ${id}`
  const post = await draftPost(page, subject)
  await seedNewsletter(page, {
    subscribers: [
      { email: addr('ok') },
      { email: addr('bounce-a') },
      { email: addr('bounce-b') },
    ].map((s) => ({ ...s, confirmed: true })),
    send: {
      subject,
      postId: post.id,
      state: 'sent',
      deliveries: [
        { email: addr('ok'), state: 'sent' },
        { email: addr('bounce-a'), state: 'failed', attempts: 5, lastError: '421 Try again later' },
        { email: addr('bounce-b'), state: 'failed', attempts: 5, lastError: '421 Try again later' },
      ],
    },
  })
  await openTab(page)
  const card = sendCard(page, subject)
  await expectCounts(card, { queued: 0, sent: 1, failed: 2 })
  await expect(card.getByTestId('failed-delivery')).toHaveCount(2)

  await card.getByRole('button', { name: 'Retry failed' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Retry failed deliveries' })
  await expect(confirm).toContainText(`Send “${subject}” again to the 2 subscribers`)
  await confirm.getByRole('button', { name: 'Retry failed' }).click()
  await expect(page.getByText('Queued 2 deliveries again.')).toBeVisible()
  await expect(confirm).toBeHidden()
  // The worker sends them; the page, polling again, sees them arrive.
  await expectCounts(card, { queued: 0, sent: 3, failed: 0 })
  await expect(card.getByRole('button', { name: 'Retry failed' })).toHaveCount(0)
  const mails = (await (await page.request.get(`${FAKES}/__mails`)).json()) as Array<{
    to: string[]
  }>
  for (const to of [addr('bounce-a'), addr('bounce-b')])
    expect(
      mails.filter((m) => m.to.includes(to)),
      to,
    ).toHaveLength(1)
})

test('Export subscribers (CSV) downloads every subscription with its preferences', async ({
  page,
}) => {
  await loginAs(page, 'admin')
  const email = `export-${unique()}@subscribers.example.org`
  await seedNewsletter(page, { subscribers: [{ email, confirmed: true, digest: false }] })
  await openTab(page)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export subscribers (CSV)' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/)
  expect(lines[0]).toBe('email,kind,posts,digest,alerts,since')
  expect(lines.find((l) => l.startsWith(`${email},`))).toMatch(
    new RegExp(
      `^${email.replace(/\./g, '\\.')},email,(yes|true|1),(no|false|0),(no|false|0),\\d{4}-`,
    ),
  )
})

/** The admin's posts tab with the post's edit dialog open. */
async function editPost(page: Page, title: string) {
  await page.goto('/admin?tab=posts')
  await waitForHydration(page)
  await page.getByRole('searchbox').fill(title)
  await page.getByRole('button', { name: `Actions for ${title}` }).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  return page.getByRole('dialog', { name: 'Edit Post' })
}

async function getPost(page: Page, id: string): Promise<BlogPost> {
  const res = await page.request.post('/_api/blog/get', {
    data: { id },
    headers: { origin: baseURL() },
  })
  expect(res.ok()).toBe(true)
  return (await res.json()) as BlogPost
}

test('a new post is e-mailed by default, and the choice is saved with the post', async ({
  page,
}) => {
  test.slow()
  await loginAs(page, 'admin')
  await page.goto('/admin?tab=posts')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'New Post' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create New Post' })
  const box = dialog.getByRole('checkbox', { name: 'E-mail this post to subscribers' })
  await expect(box).toBeChecked()
  await expect(box).toHaveAccessibleDescription(/sent once, when the post first becomes visible/)
  // Nothing to test or preview before the post exists.
  for (const name of ['Send a test to me', 'Preview e-mail'])
    await expect(dialog.getByRole('button', { name })).toBeDisabled()
  await expect(
    dialog.getByText('Save the post first to send a test or preview the e-mail.'),
  ).toBeVisible()
  // Who gets it follows the visibility.
  await dialog.getByLabel('Visibility').selectOption('members')
  await expect(box).toHaveAccessibleDescription(/members-only post goes to member subscribers only/)

  const title = `Newsletter default ${unique()}`
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type('Jupiter rises at dusk.')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  const list = (await (
    await page.request.get(`/_api/blog/list?search=${encodeURIComponent(title)}&limit=5`)
  ).json()) as { posts: BlogPost[] }
  const saved = list.posts.find((p) => p.title === title)!
  expect((await getPost(page, saved.id)).emailSubscribers).toBe(true)

  const edit = await editPost(page, title)
  const editBox = edit.getByRole('checkbox', { name: 'E-mail this post to subscribers' })
  await expect(editBox).toBeChecked()
  await editBox.uncheck()
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toBeHidden()
  expect((await getPost(page, saved.id)).emailSubscribers).toBe(false)
})

test('the preview shows the post’s mail in a sandboxed frame and as plain text; a test goes to the admin', async ({
  page,
}) => {
  test.slow()
  await loginAs(page, 'admin')
  // The theme follows the scheme, so each axe pass below sees the colours it names.
  await page.context().addCookies([{ name: 'theme', value: 'auto', url: baseURL() }])
  const title = `Preview of Orion ${unique()}`
  await createPost(adminSend(page.request), {
    title,
    status: 'draft',
    content: '<p>The Orion Nebula is a stellar nursery.</p>',
  })
  const dialog = await editPost(page, title)
  await expect(dialog.getByText('Save the post first')).toHaveCount(0)

  await dialog.getByRole('button', { name: 'Preview e-mail' }).click()
  const preview = page.getByRole('dialog', { name: 'E-mail preview' })
  const frame = preview.locator('iframe')
  await expect(frame).toHaveAttribute('sandbox', '')
  await expect(preview.frameLocator('iframe').getByText(title).first()).toBeVisible()
  for (const scheme of ['dark', 'light'] as const) {
    await showScheme(page, scheme)
    expect(
      await axeViolations(page, { include: '[role="dialog"][aria-labelledby]:has(iframe)' }),
      `axe on the preview, ${scheme}`,
    ).toEqual([])
  }
  await preview.getByRole('button', { name: 'Plain text' }).click()
  await expect(preview.getByRole('button', { name: 'Plain text' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(preview.getByTestId('mail-preview-text')).toContainText(title)
  await expect(frame).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(preview).toBeHidden()
  await expect(dialog).toBeVisible()

  await dialog.getByRole('button', { name: 'Send a test to me' }).click()
  await expect(page.getByText(NEWSLETTER_MESSAGES.testSent)).toBeVisible()
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`${FAKES}/__mails`)).json()) as Array<{
        to: string[]
        raw: string
      }>
      return mails.filter((m) => m.to.includes(E2E.admin.email) && m.raw.includes(title)).length
    })
    .toBe(1)
})
