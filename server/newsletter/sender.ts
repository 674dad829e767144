import type { Transporter } from 'nodemailer'
import { smtpServerOptions } from '../mail/mailer.ts'

/** One message of the newsletter as handed to the SMTP server. */
export interface BulkMessage {
  to: string
  subject: string
  html: string
  text: string
  /** Stable per delivery: a provider drops a second copy with the same id. */
  messageId: string
  headers: Record<string, string>
}

export interface BulkSender {
  /** Resolves once the server answered 250 for the message; rejects with its answer otherwise. */
  send(message: BulkMessage): Promise<void>
  close(): void
}

/**
 * The newsletter's SMTP client: a pool of one connection reused for message after message (a
 * new connection per message would spend most of a bulk send on handshakes), apart from the
 * contact form's mailer so a long send never holds up a visitor's message. SMTP_URL as for the
 * mailer (server/mail/mailer.ts).
 */
export function createBulkSender(smtpUrl: string, from: string): BulkSender {
  let transport: Promise<Transporter> | undefined
  const connect = async () => {
    const { default: nodemailer } = await import('nodemailer')
    return nodemailer.createTransport({
      ...smtpServerOptions(smtpUrl),
      pool: true,
      maxConnections: 1,
      // A connection is renewed after this many messages: some servers limit them per session.
      maxMessages: 100,
      socketTimeout: 30_000,
    })
  }
  return {
    async send(message) {
      transport ??= connect()
      await (
        await transport
      ).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.headers,
      })
    },
    close() {
      void transport?.then((t) => t.close()).catch(() => {})
      transport = undefined
    },
  }
}
