import { expect, type Locator, type Page, test } from '@playwright/test'
import { axeViolations, baseURL, loginAs, waitForHydration } from './helpers.ts'

const unique = () => Math.random().toString(36).slice(2, 8)

/** A picture the site serves itself: the editor shows it without leaving loopback. */
const PICTURE = () => `${baseURL()}/images/blog/albireo-double-star.svg`

/** Where the editor opens: the admin's Blog Posts tab, and /editor. */
const PLACES = {
  admin: { path: '/admin?tab=posts', button: 'New Post', dialog: 'Create New Post' },
  editor: { path: '/editor', button: 'New Blog Post', dialog: 'Create New Blog Post' },
}

/** A new post's dialog, with the caret in its (empty) text unless told. */
async function newPost(page: Page, { caret = true, at = 'admin' as keyof typeof PLACES } = {}) {
  const place = PLACES[at]
  await loginAs(page, 'admin')
  await page.goto(place.path)
  await waitForHydration(page)
  await page.getByRole('button', { name: place.button }).click()
  const dialog = page.getByRole('dialog', { name: place.dialog })
  const editor = dialog.getByRole('textbox', { name: 'Content' })
  if (caret) await editor.click()
  return { dialog, editor }
}

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  expect(b, 'the element is laid out').not.toBeNull()
  return b!
}

for (const width of [360, 390, 1366]) {
  test(`at ${width} px the publish date picker opens inside the post dialog`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 800 })
    const { dialog } = await newPost(page, { caret: false })
    await dialog.getByRole('button', { name: /Select date/ }).click()
    const field = page.getByLabel('Publish date and time')
    await expect(field).toBeVisible()
    const inner = await box(dialog)
    for (const [what, part] of [
      ['picker', field.locator('xpath=..')],
      ['date field', field],
      ['Done', page.getByRole('button', { name: 'Done' })],
    ] as const) {
      const b = await box(part)
      const where = `${what} ${JSON.stringify(b)} in the dialog ${JSON.stringify(inner)}`
      expect(b.x, where).toBeGreaterThanOrEqual(inner.x)
      expect(b.y, where).toBeGreaterThanOrEqual(inner.y)
      expect(b.x + b.width, where).toBeLessThanOrEqual(inner.x + inner.width)
      expect(b.y + b.height, where).toBeLessThanOrEqual(inner.y + inner.height)
    }
    await field.fill('2026-03-06T21:30')
    await page.getByRole('button', { name: 'Done' }).click()
    await expect(dialog.getByRole('button', { name: /Publish date.*2026/ })).toBeVisible()
  })
}

test('an inserted image asks for its alt text, which can be edited and is stored', async ({
  page,
}) => {
  test.slow()
  const { dialog, editor } = await newPost(page)
  const title = `Double stars ${unique()}`
  await page.keyboard.type('Albireo')

  // Without alt text, and not marked decorative, nothing is inserted.
  await dialog.getByRole('button', { name: 'Image', exact: true }).click()
  await dialog.getByLabel('Image address').fill(PICTURE())
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog.getByText('Describe the image, or mark it as decorative.')).toBeVisible()
  await expect(dialog.getByLabel('Alt text', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await expect(editor.locator('img')).toHaveCount(0)
  // A decorative image is the author's choice, and only then is its alt empty.
  await dialog.getByLabel('Decorative image (no alt text)').check()
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(editor.locator('img')).toHaveCount(1)
  await expect(editor.locator('img')).toHaveAttribute('alt', '')

  await editor.getByText('Albireo').click()
  await page.keyboard.press('End')
  await dialog.getByRole('button', { name: 'Image', exact: true }).click()
  await dialog.getByLabel('Image address').fill(PICTURE())
  await dialog.getByLabel('Alt text', { exact: true }).fill('Albireo')
  await page.keyboard.press('Enter')
  await expect(editor.locator('img')).toHaveCount(2)
  const described = editor.locator('img[alt="Albireo"]')
  await expect(described).toHaveCount(1)

  // An image already in the text: selected, its alt text is edited in place.
  await described.click()
  await dialog.getByRole('button', { name: 'Image', exact: true }).click()
  await expect(dialog.getByLabel('Image address')).toHaveValue(PICTURE())
  const alt = dialog.getByLabel('Alt text', { exact: true })
  await expect(alt).toHaveValue('Albireo')
  await expect(alt).toBeFocused()
  await alt.fill('Albireo, a gold and blue double star')
  await dialog.getByRole('button', { name: 'Update image' }).click()
  await expect(editor.locator('img')).toHaveCount(2)
  await expect(editor.locator('img[alt="Albireo, a gold and blue double star"]')).toHaveCount(1)
  await expect(editor.locator('img[alt=""]')).toHaveCount(1)

  await dialog.getByLabel('Title').fill(title)
  const created = page.waitForResponse('**/_api/blog/create')
  await dialog.getByRole('button', { name: 'Save' }).click()
  const response = await created
  expect(response.ok()).toBe(true)
  // What the server stored, after its sanitizer: both alts as the author left them.
  const post = (await response.json()) as { id: string; content: string }
  expect(post.content).toContain(`<img src="${PICTURE()}" alt="" />`)
  expect(post.content).toContain(
    `<img src="${PICTURE()}" alt="Albireo, a gold and blue double star" />`,
  )
  await expect(dialog).toBeHidden()
  await page.request.post('/_api/blog/delete', {
    data: { id: post.id },
    headers: { origin: baseURL() },
  })
})

test('punctuation typed after a link stays out of it, autolinked or inserted', async ({ page }) => {
  const { dialog, editor } = await newPost(page)
  const links = editor.locator('a')

  // An address typed with a full stop or a comma after it is linked without them.
  await page.keyboard.type('See example.com. Then https://example.org/sky, too')
  await expect(links).toHaveText(['example.com', 'https://example.org/sky'])
  await expect(links.first()).toHaveAttribute('href', 'https://example.com')
  await expect(links.nth(1)).toHaveAttribute('href', 'https://example.org/sky')

  // An address linked at the space after it: what replaces that space is not the link's.
  await page.keyboard.press('Enter')
  await page.keyboard.type('Visit nasa.gov ')
  await expect(links.nth(2)).toHaveText('nasa.gov')
  await page.keyboard.press('Backspace')
  await page.keyboard.type(', daily.')
  await expect(links.nth(2)).toHaveText('nasa.gov')

  // A link inserted from the toolbar ends where it was set.
  await page.keyboard.press('Enter')
  await page.keyboard.type('Read the guide')
  for (let i = 0; i < 'guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
  await dialog.getByRole('button', { name: 'Link', exact: true }).click()
  await dialog.getByLabel('Link address').fill('https://example.org/guide')
  await dialog.getByRole('button', { name: 'Apply link' }).click()
  await page.keyboard.press('End')
  await page.keyboard.type('. Then more')
  await expect(links).toHaveCount(4)
  await expect(links.nth(3)).toHaveText('guide')

  // Enter ends an address as a space does.
  await page.keyboard.press('Enter')
  await page.keyboard.type('Charts: example.net!')
  await page.keyboard.press('Enter')
  await expect(links.nth(4)).toHaveText('example.net')
  await expect(editor.locator('p')).toHaveText([
    'See example.com. Then https://example.org/sky, too',
    'Visit nasa.gov, daily.',
    'Read the guide. Then more',
    'Charts: example.net!',
    '',
  ])
})

test('the editor toolbar is one tab stop; arrows, Home and End move within it', async ({
  page,
}) => {
  const { dialog, editor } = await newPost(page, { caret: false, at: 'editor' })
  const toolbar = dialog.getByRole('toolbar', { name: 'Formatting' })
  const button = (name: string) => toolbar.getByRole('button', { name, exact: true })
  await expect(dialog.getByLabel('Title')).toBeFocused()
  await expect(toolbar.getByRole('button')).toHaveCount(13)
  // The buttons are disabled until TipTap has made its editor, and Tab passes over them then
  // (on a busy CI machine the Tab below once came first).
  await expect(button('Heading H2')).toBeEnabled()

  const focusAfter = async (key: string, target: Locator) => {
    await page.keyboard.press(key)
    await expect(target).toBeFocused()
  }
  for (const [key, target] of [
    ['Tab', button('Heading H2')],
    ['Tab', editor],
    ['Shift+Tab', button('Heading H2')],
    ['ArrowRight', button('Heading H3')],
    ['End', button('Redo')],
    ['ArrowRight', button('Heading H2')],
    ['ArrowLeft', button('Redo')],
    ['Home', button('Heading H2')],
  ] as const)
    await focusAfter(key, target)
  await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1)

  // The toolbar is entered again on the button last focused; its toggles say whether they are on.
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(button('Bold')).toBeFocused()
  await expect(button('Bold')).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('Enter')
  await expect(editor).toBeFocused()
  await page.keyboard.type('Bright')
  await expect(editor.locator('strong')).toHaveText('Bright')
  await expect(button('Bold')).toHaveAttribute('aria-pressed', 'true')
  await focusAfter('Shift+Tab', button('Bold'))
  await focusAfter('Shift+Tab', dialog.getByLabel('Title'))
})

test('Shift+Tab out of the text lands in the toolbar as its "Content is required" goes', async ({
  page,
}) => {
  const { dialog, editor } = await newPost(page)
  const toolbar = dialog.getByRole('toolbar', { name: 'Formatting' })
  const required = dialog.getByText('Content is required')
  await page.keyboard.press('Shift+Tab')
  await expect(required).toBeVisible()
  await expect(toolbar.locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Tab')
  await expect(editor).toBeFocused()
  await page.keyboard.type('Vega')
  // Leaving the text checks it again and the message goes: the focus must not go with it.
  await page.keyboard.press('Shift+Tab')
  await expect(required).toHaveCount(0)
  await expect(toolbar.locator(':focus')).toHaveCount(1)
})

test('the open editor has no WCAG 2.2 AA violations with its link, image and date boxes open', async ({
  page,
}) => {
  test.slow()
  const violations: string[] = []
  const check = async (what: string) => {
    for (const v of await axeViolations(page))
      violations.push(`${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
  }
  const { dialog } = await newPost(page)
  await page.keyboard.type('Orion')
  await dialog.getByRole('button', { name: 'Link', exact: true }).click()
  await expect(dialog.getByLabel('Link address')).toBeFocused()
  await check('link box')
  await page.keyboard.press('Escape')
  await dialog.getByRole('button', { name: 'Image', exact: true }).click()
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog.getByText('Describe the image, or mark it as decorative.')).toBeVisible()
  await check('image box with its errors')
  await dialog.getByLabel('Decorative image (no alt text)').check()
  await check('image box, decorative')
  await page.keyboard.press('Escape')
  await dialog.getByRole('button', { name: /Select date/ }).click()
  await expect(page.getByLabel('Publish date and time')).toBeVisible()
  await check('date picker')
  expect(violations, violations.join('\n')).toEqual([])
})
