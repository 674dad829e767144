import { expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import {
  ACCOUNTS,
  axeViolations,
  baseURL,
  clientNavigate,
  ensureVideos,
  loginAs,
  seedNewsletter,
  waitForHydration,
  withInvoice,
  sendContactMessage,
  showScheme,
} from './helpers.ts'
import { themedContext } from './route-walk.ts'

/**
 * The admin area and the members' pages on phones and a desktop. Every admin tab, /editor and
 * every dialog they open fit 360 and 390 px without scrolling the page sideways (tables scroll in
 * their own box), dialogs fill a phone's width (form dialogs its whole screen) and are centred
 * boxes on a desktop, the radio player stays on the screen, and axe finds nothing (WCAG 2.2 AA,
 * and landmarks named apart) at 390 and 1366 px in the light and the dark theme.
 *
 * A device loads /admin and /editor once and clicks through their tabs, so axe is injected into
 * few documents: the phone's page is checked at 390 px, then narrowed to 360 px and checked
 * again; the theme is Auto, so switching the emulated colour scheme repaints the same page in the
 * other theme; every dialog is opened on its tab. axe checks each kind of dialog once (a
 * confirmation, an edit form opened again for another record, only fit).
 */
const PHONE = { width: 390, height: 844 }
const NARROW_PHONE = { width: 360, height: 780 }
const DESKTOP = { width: 1366, height: 900 }

interface Walk {
  page: Page
  phone: boolean
  failures: string[]
}

async function fit(walk: Walk, at: string, dialog?: Locator) {
  const measured = await walk.page.evaluate(() => {
    const player = document.querySelector('[data-testid="radio-mini-player"]')
    const box = player?.getBoundingClientRect()
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
      height: window.innerHeight,
      playerRight: box && box.width > 0 ? box.right : null,
    }
  })
  const { width, height } = measured
  if (measured.scrollWidth > width)
    walk.failures.push(`${at}: the page is ${measured.scrollWidth} px wide (${width} shown)`)
  if (measured.playerRight !== null && measured.playerRight > width)
    walk.failures.push(`${at}: the radio player ends at ${measured.playerRight} px, off-screen`)
  if (!dialog) return
  const box = (await dialog.boundingBox())!
  const left = Math.round(box.x)
  const right = Math.round(box.x + box.width)
  const top = Math.round(box.y)
  const bottom = Math.round(box.y + box.height)
  if (walk.phone) {
    if (left !== 0 || right !== width)
      walk.failures.push(`${at}: the dialog spans ${left}…${right} of ${width} px`)
    // A form is a sheet over the whole screen; a confirmation a band across it.
    const form = (await dialog.getAttribute('role')) === 'dialog'
    if (form && (top !== 0 || bottom !== height))
      walk.failures.push(`${at}: the dialog spans ${top}…${bottom} of ${height} px high`)
  } else if (Math.abs(left - (width - right)) > 1 || left < 24 || top < 0 || bottom > height) {
    walk.failures.push(
      `${at}: the dialog is not a centred box (${left}…${right}, ${top}…${bottom})`,
    )
  }
}

/** Rules whose outcome depends on colours, all that changes between the two themes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * axe in both themes: every WCAG rule and landmark-unique (two regions of one name) in the dark
 * theme, the colour rules again in the light one. With a dialog open, only the dialog: the page
 * under it was checked on its own.
 */
async function axe(walk: Walk, at: string, dialog?: boolean) {
  const { page } = walk
  const include = dialog ? '[role="dialog"], [role="alertdialog"]' : undefined
  for (const scheme of ['dark', 'light'] as const) {
    await showScheme(page, scheme)
    const options =
      scheme === 'dark' ? { rules: ['landmark-unique'], include } : { only: COLOUR_RULES, include }
    for (const v of await axeViolations(page, options))
      walk.failures.push(
        `${at} ${scheme}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
      )
  }
}

/** The page as it is now (with `dialog` open): fit and axe, on a phone also at 360 px. */
async function check(walk: Walk, where: string, dialog?: Locator, fitOnly?: boolean) {
  const size = walk.phone ? PHONE : DESKTOP
  await fit(walk, `${size.width}px ${where}`, dialog)
  if (!fitOnly) await axe(walk, `${size.width}px ${where}`, dialog !== undefined)
  if (!walk.phone) return
  await walk.page.setViewportSize(NARROW_PHONE)
  await fit(walk, `${NARROW_PHONE.width}px ${where}`, dialog)
  await walk.page.setViewportSize(PHONE)
}

async function open(walk: Walk, path: string, heading: string | RegExp) {
  await walk.page.goto(path)
  await waitForHydration(walk.page)
  await loaded(walk, heading)
}

/** Tables and grids loaded: no skeleton left. */
async function loaded(walk: Walk, heading: string | RegExp) {
  await expect(walk.page.getByRole('heading', { level: 1 })).toHaveText(heading)
  await expect(walk.page.getByTestId(/skeleton/)).toHaveCount(0)
}

/** Another tab of the same page (the document, with axe in it, stays). */
async function tab(walk: Walk, name: string | RegExp) {
  await walk.page.getByRole('tab', { name, exact: true }).click()
  await expect(walk.page.getByRole('tab', { name, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(walk.page.getByTestId(/skeleton/)).toHaveCount(0)
}

/**
 * A dialog to open on the page: where it is, how it opens, the dialog itself, and `again` when
 * axe has already seen the same component open (another title, other values): then only fit.
 */
type DialogStep = [where: string, opener: () => Promise<unknown>, dialog: Locator, again?: true]

/** Opens each dialog, checks the page with it open, and closes it with Escape. */
async function dialogs(walk: Walk, steps: DialogStep[]) {
  for (const [where, opener, dialog, again] of steps) {
    await opener()
    await expect(dialog).toBeVisible()
    await check(walk, where, dialog, again)
    await walk.page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
}

/** A row menu's item, then the dialog it opens. */
function fromMenu(page: Page, menu: string | RegExp, item: string) {
  return async () => {
    await page.getByRole('button', { name: menu }).first().click()
    await page.getByRole('menuitem', { name: item }).click()
  }
}

/** The Messages tab's name carries the unread count when there is one. */
const MESSAGES_TAB = /^Messages( \(\d+\) unread)?$/
/** A visitor's message for the Messages tab to open (one per test run; opening it reads it). */
const messageSubject = `Phone walk question ${Date.now().toString(36)}`

async function adminWalk(walk: Walk, invoiceNumber: string) {
  const { page } = walk
  const click = (name: string) => () => page.getByRole('button', { name, exact: true }).click()
  const dialog = (name: string | RegExp) => page.getByRole('dialog', { name })
  const alert = (name: string | RegExp) => page.getByRole('alertdialog', { name })
  const anyRow = /^Actions for /
  const again = true

  await open(walk, '/admin', 'Admin Dashboard')
  await check(walk, 'Users')
  const member = ACCOUNTS.member.displayName
  const memberRow = `Actions for ${member}`
  const profile = new RegExp(`^${member}\\s?, open profile$`)
  await page.getByRole('searchbox', { name: 'Search by name or email...' }).fill(member)
  await expect(page.getByRole('button', { name: memberRow })).toHaveCount(1)
  await dialogs(walk, [
    ['Create User', click('Create User'), dialog('Create User')],
    ['Edit User', fromMenu(page, memberRow, 'Edit'), dialog('Edit User'), again],
    [
      'User Profile',
      () => page.getByRole('button', { name: profile }).click(),
      dialog('User Profile'),
    ],
    ['Delete User', fromMenu(page, memberRow, 'Delete'), alert('Delete User')],
  ])

  await tab(walk, 'Blog Posts')
  await check(walk, 'Blog Posts')
  await dialogs(walk, [
    ['Create Post', click('New Post'), dialog('Create New Post')],
    ['Edit Post', fromMenu(page, anyRow, 'Edit'), dialog('Edit Post')],
    ['Delete Post', fromMenu(page, anyRow, 'Delete'), alert('Delete Blog Post'), again],
  ])
  await tab(walk, 'Pages')
  await check(walk, 'Pages')
  await dialogs(walk, [
    ['Create Page', click('New Page'), dialog('Create New Page'), again],
    ['Edit Page', fromMenu(page, anyRow, 'Edit'), dialog('Edit Page'), again],
    ['Delete Page', fromMenu(page, anyRow, 'Delete'), alert('Delete Page'), again],
  ])

  await tab(walk, 'FAQs')
  await check(walk, 'FAQs')
  await dialogs(walk, [
    ['Create FAQ', click('New FAQ Section'), dialog('Create FAQ Section')],
    ['Edit FAQ', fromMenu(page, anyRow, 'Edit'), dialog('Edit FAQ Section'), again],
    ['Delete FAQ', fromMenu(page, anyRow, 'Delete'), alert('Delete FAQ Section'), again],
  ])

  const row = `Actions for ${invoiceNumber}`
  const preview = dialog(`Invoice ${invoiceNumber}`)
  await tab(walk, 'Invoices')
  await page.getByRole('searchbox', { name: 'Search by client or invoice #' }).fill(invoiceNumber)
  await expect(page.getByRole('button', { name: row })).toHaveCount(1)
  await check(walk, 'Invoices')
  await dialogs(walk, [
    ['Create Invoice', click('New Invoice'), dialog('Create Invoice')],
    ['Edit Invoice', fromMenu(page, row, 'Edit'), dialog(`Edit Invoice ${invoiceNumber}`), again],
    [
      'Invoice preview',
      async () => {
        await fromMenu(page, row, 'Preview')()
        await expect(preview.getByRole('button', { name: 'Print / Save PDF' })).toBeVisible()
      },
      preview,
    ],
    ['Send Invoice', fromMenu(page, row, 'Send Email'), alert('Send Invoice'), again],
    ['Delete Invoice', fromMenu(page, row, 'Delete'), alert('Delete Invoice'), again],
  ])

  await tab(walk, 'Header Images')
  await check(walk, 'Header Images')
  const deleteImage = () =>
    page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click()
  await dialogs(walk, [['Delete Image', deleteImage, alert('Confirm Deletion'), again]])

  await tab(walk, 'YouTube Videos')
  await check(walk, 'YouTube Videos')
  await dialogs(walk, [
    ['Edit Video', fromMenu(page, anyRow, 'Edit'), dialog(/^Edit /)],
    ['Delete Video', fromMenu(page, anyRow, 'Delete'), alert(/^Delete /), again],
  ])

  await tab(walk, 'Newsletter')
  await check(walk, 'Newsletter')
  await dialogs(walk, [
    [
      'Retry failed',
      () => page.getByRole('button', { name: 'Retry failed' }).first().click(),
      alert('Retry failed deliveries'),
      again,
    ],
  ])

  await tab(walk, MESSAGES_TAB)
  await check(walk, 'Messages')
  await dialogs(walk, [
    [
      'Message',
      () => page.getByRole('button', { name: messageSubject }).first().click(),
      dialog(messageSubject),
    ],
    [
      'Delete Message',
      async () => {
        await page.getByRole('button', { name: messageSubject }).first().click()
        await dialog(messageSubject).getByRole('button', { name: 'Delete' }).click()
      },
      alert('Delete Message'),
      again,
    ],
  ])
  // Escape closed the confirmation only; the message is still open under it.
  await page.keyboard.press('Escape')
  await expect(dialog(messageSubject)).toBeHidden()

  await tab(walk, 'Activity')
  await check(walk, 'Activity')

  // The mail's preview opens over a saved post's dialog.
  await tab(walk, 'Blog Posts')
  await fromMenu(page, anyRow, 'Edit')()
  await expect(dialog('Edit Post')).toBeVisible()
  await dialog('Edit Post').getByRole('button', { name: 'Preview e-mail' }).click()
  const mail = dialog('E-mail preview')
  await expect(mail.locator('iframe')).toBeVisible()
  await check(walk, 'E-mail preview', mail)
  await page.keyboard.press('Escape')
  await expect(mail).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(dialog('Edit Post')).toBeHidden()

  await open(walk, '/editor', 'Content Editor')
  await check(walk, '/editor Blog Posts')
  await dialogs(walk, [
    ['/editor Create Post', click('New Blog Post'), dialog('Create New Blog Post'), again],
  ])
  await tab(walk, 'Pages')
  await check(walk, '/editor Pages')
  await dialogs(walk, [
    ['/editor Create Page', click('New Page'), dialog('Create New Page'), again],
  ])
}

/** A send with a long subject and failed deliveries, for the Newsletter tab's cards. */
async function ensureNewsletterSend(page: Page) {
  const id = Math.random().toString(36).slice(2, 8)
  const email = (name: string) =>
    `${name}-${id}-with-a-rather-long-local-part@phone-walk.example.org`
  await seedNewsletter(page, {
    subscribers: [
      { email: email('sent') },
      { email: email('failed') },
      { email: email('waiting') },
    ].map((s) => ({ ...s, confirmed: true })),
    send: {
      subject: `The Andromeda Galaxy on a moonless autumn night, and how to find it ${id}`,
      state: 'sending',
      deliveries: [
        { email: email('sent'), state: 'sent' },
        {
          email: email('failed'),
          state: 'failed',
          lastError:
            '550 5.1.1 <mailbox@phone-walk.example.org>: Recipient address rejected: User unknown',
        },
        { email: email('waiting'), state: 'queued' },
      ],
    },
  })
}

/** A header image, for the Header Images tab's card and its delete confirmation. */
async function ensureHeaderImage(page: Page) {
  const list = (await (await page.request.get('/_api/images/list')).json()) as {
    images: unknown[]
  }
  if (list.images.length > 0) return
  const png = await sharp({
    create: { width: 320, height: 180, channels: 3, background: { r: 20, g: 30, b: 80 } },
  })
    .png()
    .toBuffer()
  const res = await page.request.post('/_api/images/upload', {
    multipart: {
      image: { name: 'phone-walk.png', mimeType: 'image/png', buffer: png },
      title: 'Phone walk sky',
    },
    headers: { origin: baseURL() },
  })
  expect(res.ok(), `uploading a header image answered ${res.status()}`).toBe(true)
}

for (const phone of [true, false]) {
  test(`every admin tab and dialog ${
    phone ? 'fits 390 and 360 px' : 'is laid out at 1366 px'
  }, axe clean in both themes`, async ({ browser }) => {
    test.setTimeout(180_000)
    const context = await themedContext(browser, 'light', phone ? PHONE : DESKTOP)
    const page = await context.newPage()
    await loginAs(page, 'admin')
    await ensureVideos(page)
    await ensureHeaderImage(page)
    await ensureNewsletterSend(page)
    await sendContactMessage(page.request, {
      name: 'Phone Walk Visitor',
      email: 'phone.walk@example.org',
      subject: messageSubject,
      message: 'Is Jupiter visible before midnight this week?',
    })
    const walk: Walk = { page, phone, failures: [] }
    await withInvoice(page, 'Phone Walk Observatory', ({ invoiceNumber }) =>
      adminWalk(walk, invoiceNumber),
    )
    await context.close()
    expect(walk.failures, walk.failures.join('\n')).toEqual([])
  })
}

/** The members' area and the pages it links to. */
const MEMBER_PAGES: Array<[string, string | RegExp]> = [
  ['/members', /^Welcome, /],
  ['/profile', 'My Profile'],
  ['/members/profile', 'My Profile'],
  ['/resources', 'Member Resources'],
  ['/announcements', 'Special Announcements'],
  ['/discord-invite', 'Exclusive Discord'],
  ['/blog?filter=early-access', 'From the Cosmic Log'],
]

test('the members’ pages fit a phone and are axe clean at 390 and 1366 px in both themes', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const failures: string[] = []
  for (const phone of [true, false]) {
    const context = await themedContext(browser, 'light', phone ? PHONE : DESKTOP)
    const page = await context.newPage()
    await loginAs(page, 'member')
    const walk: Walk = { page, phone, failures }
    await open(walk, '/members', /^Welcome, /)
    for (const [path, heading] of MEMBER_PAGES) {
      // Through the app's router: one document, axe injected once.
      await clientNavigate(page, path)
      await loaded(walk, heading)
      await check(walk, path)
    }
    await context.close()
  }
  expect(failures, failures.join('\n')).toEqual([])
})
