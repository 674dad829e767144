import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test'
import type { BlogPost, PostVisibility } from '../../contracts/blog-constants.ts'
import { CONTENT_MESSAGES } from '../../contracts/content-messages.ts'
import { scenarioCookie } from '../fakes/discord.ts'
import { createPost } from '../support/factories.ts'
import {
  ACCOUNTS,
  adminSend,
  axeViolations,
  baseURL,
  expectSameDocument,
  loginAs,
  loginHeaders,
  markDocument,
  waitForHydration,
} from './helpers.ts'

/**
 * Members' posts in the browser: a visitor's teaser and the sign-in that opens the post in place,
 * the early-access wording, /blog's two member lists, the lock badges and the editor's fields.
 * Posts are made through the API as an administrator, each with words of its own.
 */
let admin: APIRequestContext

test.beforeAll(async () => {
  admin = await playwrightRequest.newContext({ baseURL: baseURL() })
  const { email, password } = ACCOUNTS.admin
  const res = await admin.post('/_api/auth/login_with_password', {
    data: { email, password },
    headers: loginHeaders(),
  })
  expect(res.ok(), 'admin sign-in').toBe(true)
})

test.afterAll(async () => {
  await admin.dispose()
})

let seq = 0
function stamp(): string {
  seq += 1
  return `${Date.now()}${seq}`.slice(-10)
}

/** A published post whose body holds one sentence found nowhere else. */
async function post(
  visibility: PostVisibility,
  extra: { publicAt?: string; tags?: string[]; title?: string; excerpt?: string } = {},
) {
  const id = stamp()
  const marker = `Only members read this sentence about ${visibility} ${id}.`
  const made: BlogPost = await createPost(adminSend(admin), {
    title: extra.title ?? `Dark sky ${visibility} ${id}`,
    content: `<p>${marker}</p><p>The rest of the article.</p>`,
    status: 'published',
    publishedAt: new Date(Date.now() - 60_000).toISOString(),
    // Its own excerpt too: a card of another test's post may be among the related posts.
    excerpt: extra.excerpt ?? `What this ${visibility} article ${id} is about.`,
    tags: extra.tags ?? [],
    visibility,
    ...(extra.publicAt && { publicAt: extra.publicAt }),
  })
  return { post: made, marker }
}

/** A Discord person this site has never seen, for the fake's popup. */
function newcomer() {
  const id = stamp()
  return {
    id: `74${id}000000`,
    username: `reader${id}`,
    global_name: `Reader ${id.slice(-4)}`,
    email: `reader.${id}@example.com`,
    verified: true,
  }
}

function teaser(page: Page) {
  return page.getByRole('region', { name: 'This post is for members' })
}

/**
 * The elements of `selector`, with their ::before, whose computed style changes once the whole
 * stylesheet is there: the page's first stylesheet (ADR 013) must already hold their rules.
 */
async function unstyledAtFirst(page: Page, selector: string): Promise<string[]> {
  // The teaser's code loads after the page's: on a busy machine it may still be on its way.
  await expect(page.locator(selector)).toBeVisible()
  await page.waitForFunction(() =>
    [...document.styleSheets].some((sheet) => sheet.ownerNode instanceof HTMLLinkElement),
  )
  return page.evaluate((selector) => {
    const root = document.querySelector(selector)
    if (!root) return [`${selector} is missing`]
    const elements = [root, ...root.querySelectorAll('*')]
    const read = (el: Element) =>
      [null, '::before'].map((pseudo) => {
        const style = getComputedStyle(el, pseudo)
        return [...style].filter((n) => !n.startsWith('--')).map((n) => style.getPropertyValue(n))
      })
    const whole = elements.map((el) => JSON.stringify(read(el)))
    const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!
    link.disabled = true
    const changed = elements
      .filter((el, i) => JSON.stringify(read(el)) !== whole[i])
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class')}">`)
    link.disabled = false
    return changed
  }, selector)
}

async function visit(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

test('a visitor reads the teaser, signs in through the popup and reads the post without a reload', async ({
  page,
}) => {
  const { post: made, marker } = await post('members')
  await page.context().addCookies([scenarioCookie({ user: newcomer() })])
  await visit(page, `/blog/${made.slug}`)

  await expect(page.getByRole('heading', { level: 1, name: made.title })).toBeVisible()
  await expect(page.getByText(made.excerpt!, { exact: true })).toBeVisible()
  await expect(teaser(page)).toContainText('Sign in with Discord to read the whole post.')
  await expect(page.getByRole('banner').getByText('Members', { exact: true })).toHaveCount(0)
  await expect(page.locator('article header').getByText('Members', { exact: true })).toBeVisible()
  expect(await page.content()).not.toContain(marker)
  expect(await axeViolations(page)).toEqual([])

  await markDocument(page)
  const popupOpened = page.waitForEvent('popup')
  await teaser(page).getByRole('button', { name: 'Continue with Discord' }).click()
  const popup = await popupOpened
  await expect.poll(() => popup.isClosed()).toBe(true)

  await expect(page.getByText(marker)).toBeVisible()
  await expect(teaser(page)).toHaveCount(0)
  await expect(page).toHaveURL(`/blog/${made.slug}`)
  await expectSameDocument(page)
  // Signed in: the header says so.
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Account' })
  await expect(nav.getByRole('link', { name: 'Members', exact: true })).toBeVisible()
})

test('the teaser and a member list look the same in their first paint', async ({ page }) => {
  const { post: made } = await post('early-access', { publicAt: '2031-03-06T23:30:00.000Z' })
  await visit(page, `/blog/${made.slug}`)
  expect(await unstyledAtFirst(page, 'section[aria-labelledby="members-only"]')).toEqual([])
  await visit(page, '/blog?filter=early-access')
  expect(await unstyledAtFirst(page, 'section[aria-labelledby="member-list"]')).toEqual([])
})

test('a member landing on a members-only post reads it from the server render', async ({
  page,
}) => {
  const { post: made, marker } = await post('members')
  await loginAs(page, 'member')
  const res = await page.request.get(`/blog/${made.slug}`)
  expect(await res.text()).toContain(marker)
  await visit(page, `/blog/${made.slug}`)
  await expect(page.getByText(marker)).toBeVisible()
  await expect(teaser(page)).toHaveCount(0)
})

test('an early-access post tells a visitor when it opens to everyone', async ({ page }) => {
  const { post: made, marker } = await post('early-access', {
    publicAt: '2031-03-06T23:30:00.000Z',
  })
  // The server renders the teaser into the page.
  const html = await (await page.request.get(`/blog/${made.slug}`)).text()
  expect(html).toContain('Members read this first. It opens to everyone on March 6, 2031.')
  await visit(page, `/blog/${made.slug}`)
  await expect(teaser(page)).toContainText(
    'Members read this first. It opens to everyone on March 6, 2031.',
  )
  await expect(teaser(page).getByRole('button', { name: 'Continue with Discord' })).toBeEnabled()
  await expect(page.locator('article header').getByText('Early access')).toBeVisible()
  expect(await page.content()).not.toContain(marker)
})

test('/blog?filter= lists the early-access or the members-only posts with their badges', async ({
  page,
}) => {
  const tag = `filter${stamp()}`
  const early = await post('early-access', {
    publicAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    tags: [tag],
  })
  const members = await post('members', { tags: [tag] })
  const open = await post('public', { tags: [tag] })

  await visit(page, '/blog?filter=early-access')
  const intro = page.getByRole('region', { name: 'Early access articles' })
  await expect(intro).toBeVisible()
  await expect(intro.getByRole('button', { name: 'Continue with Discord' })).toBeVisible()
  const card = (title: string) => page.getByRole('article').filter({ hasText: title })
  await expect(card(early.post.title)).toBeVisible()
  await expect(card(early.post.title).getByText('Early access', { exact: true })).toBeVisible()
  await expect(card(members.post.title)).toHaveCount(0)
  await expect(card(open.post.title)).toHaveCount(0)
  expect(await page.content()).not.toContain(early.marker)
  expect(await axeViolations(page)).toEqual([])

  // A search stays in the list.
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(early.post.title)
  await expect(page).toHaveURL(/filter=early-access/)
  await expect(page).toHaveURL(/search=/)
  await expect(card(early.post.title)).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(1)

  await visit(page, '/blog?filter=members')
  await expect(page.getByRole('region', { name: 'Members-only articles' })).toBeVisible()
  await expect(card(members.post.title).getByText('Members', { exact: true })).toBeVisible()
  await expect(card(early.post.title)).toHaveCount(0)
  await page.getByRole('link', { name: 'Show all posts' }).click()
  await expect(page).toHaveURL('/blog')
  await expect(page.getByRole('region', { name: 'Members-only articles' })).toHaveCount(0)

  // The whole blog shows all three, each marked as it is. (Related posts show the same card, with
  // the newest posts of the moment: other tests publish at the same time, so a unit test checks it.)
  await visit(page, `/blog?search=${tag}`)
  await expect(card(members.post.title).getByText('Members', { exact: true })).toBeVisible()
  await expect(card(early.post.title).getByText('Early access', { exact: true })).toBeVisible()
  await expect(card(open.post.title).getByText(/^(Members|Early access)$/)).toHaveCount(0)
})

test('a signed-in member sees the member lists without the sign-in call', async ({ page }) => {
  await loginAs(page, 'member')
  await visit(page, '/blog?filter=members')
  const intro = page.getByRole('region', { name: 'Members-only articles' })
  await expect(intro).toBeVisible()
  await expect(intro.getByRole('button', { name: 'Continue with Discord' })).toHaveCount(0)
})

test('an admin makes a post early access in the editor, and visitors see it so', async ({
  page,
}) => {
  const { post: made } = await post('public')
  await loginAs(page, 'admin')
  await visit(page, '/editor')
  await page.getByRole('searchbox', { name: 'Search posts...' }).fill(made.title)
  await page.getByRole('button', { name: `Actions for ${made.title}` }).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' })
  await dialog.getByLabel('Visibility').selectOption('early-access')
  // Without the date it opens on, the server's message shows under the field.
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText(CONTENT_MESSAGES.publicAtRequired)).toBeVisible()
  await dialog.getByLabel('Opens to everyone on').fill('2031-07-14T10:00')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(
    page.getByRole('row').filter({ hasText: made.title }).getByText('Early access'),
  ).toBeVisible()

  await page.context().clearCookies()
  await visit(page, `/blog/${made.slug}`)
  await expect(teaser(page)).toContainText('It opens to everyone on July 14, 2031.')
})
