import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_MESSAGES } from '../../contracts/contact.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { startSmtpServer } from '../support/smtp.ts'

const valid = {
  name: 'Ada Stargazer',
  email: 'ada@example.com',
  subject: 'Telescope advice',
  message: 'Which eyepiece for Saturn?',
}

describe('validation', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t?.close())

  it.each([
    [{ name: 'A' }, 'name', 'Name must be at least 2 characters.'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    [{ subject: 'Hi' }, 'subject', 'Subject must be at least 5 characters.'],
    [{ message: 'Too short' }, 'message', 'Message must be at least 10 characters.'],
    [{ message: undefined }, 'message', 'Message must be at least 10 characters.'],
  ])('%j → 400 with the spec message', async (change, field, message) => {
    const res = await t.request('/_api/contact/submit', {
      json: { ...valid, ...change },
      ip: '198.51.100.1',
    })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(message)
    expect(res.json.details).toMatchObject({ [field]: [message] })
  })

  it('stores the message even when no mail is configured', async () => {
    const res = await t.request('/_api/contact/submit', { json: valid, ip: '198.51.100.2' })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ success: true, message: CONTACT_MESSAGES.sent })
    const rows = await t.db.selectFrom('contact_messages').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ ...valid, email_status: 'not_configured', ip: '198.51.100.2' })
  })

  it('drops a bot that fills the honeypot silently', async () => {
    const before = (await t.db.selectFrom('contact_messages').selectAll().execute()).length
    const res = await t.request('/_api/contact/submit', {
      json: { ...valid, website: 'http://spam.example' },
      ip: '198.51.100.3',
    })
    expect(res.status).toBe(200)
    expect(res.json.success).toBe(true)
    expect((await t.db.selectFrom('contact_messages').selectAll().execute()).length).toBe(before)
  })

  it('allows 5 messages an hour from one network, then answers 429 with a clear message', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await t.request('/_api/contact/submit', { json: valid, ip: '203.0.113.50' })).status,
      ).toBe(200)
    const blocked = await t.request('/_api/contact/submit', { json: valid, ip: '203.0.113.50' })
    expect(blocked.status).toBe(429)
    expect(blocked.json.error).toBe(
      'You have sent several messages in a short time. Please try again in 60 minutes.',
    )
    expect(blocked.headers.get('retry-after')).toBe('3600')
  })
})

describe('delivery over SMTP', () => {
  it('e-mails the site owner with the sender as Reply-To', async () => {
    const smtp = await startSmtpServer()
    const t = await createTestApp({
      env: { SMTP_URL: smtp.url, CONTACT_TO: 'owner@example.org', MAIL_FROM: 'site@example.org' },
    })
    try {
      const res = await t.request('/_api/contact/submit', { json: valid })
      expect(res.status).toBe(200)
      await t.services.contact.settle()
      expect(smtp.mails).toHaveLength(1)
      expect(smtp.mails[0]!.to).toEqual(['owner@example.org'])
      expect(smtp.mails[0]!.raw).toMatch(/Subject: \[Astro Cosmos contact\] Telescope advice/)
      expect(smtp.mails[0]!.raw).toMatch(/Reply-To: Ada Stargazer <ada@example.com>/)
      expect(smtp.mails[0]!.raw).toContain('Which eyepiece for Saturn?')
      const row = await t.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow()
      expect(row).toMatchObject({ email_status: 'sent', email_attempts: 1 })
    } finally {
      await t.close()
      await smtp.close()
    }
  })

  it('keeps the message when the mail server is down and sends it on retry', async () => {
    const smtp = await startSmtpServer()
    const port = smtp.port
    await smtp.close()
    const t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_TO: 'owner@example.org' },
    })
    try {
      const res = await t.request('/_api/contact/submit', { json: valid })
      expect(res.status).toBe(200)
      await t.services.contact.settle()
      const failed = await t.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow()
      expect(failed).toMatchObject({
        email_status: 'failed',
        email_attempts: 1,
        message: valid.message,
      })
      expect(failed.email_error).toBeTruthy()

      const back = await startSmtpServer(port)
      try {
        expect(await t.services.contact.retryUndelivered()).toBe(1)
        expect(back.mails).toHaveLength(1)
        const sent = await t.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow()
        expect(sent).toMatchObject({ email_status: 'sent', email_attempts: 2 })
        expect(await t.services.contact.retryUndelivered()).toBe(0)
      } finally {
        await back.close()
      }
    } finally {
      await t.close()
    }
  })
})
