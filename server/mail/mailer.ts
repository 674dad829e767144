import type { Transporter } from 'nodemailer'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  /** An HTML alternative to `text` (the newsletter's mails). */
  html?: string
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>
  replyTo?: { name: string; address: string }
  /** Files sent with the message (an invoice's PDF). */
  attachments?: MailAttachment[]
}

export interface MailAttachment {
  filename: string
  content: Buffer
  contentType: string
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
}

/** Where SMTP_URL points: host, port, TLS (smtps://) and credentials, as nodemailer takes them. */
export function smtpServerOptions(smtpUrl: string) {
  const url = new URL(smtpUrl)
  return {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  }
}

/** SMTP through nodemailer; SMTP_URL carries host, port, credentials and TLS (smtps://). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // The SMTP client is loaded and connected on the first message, not at start-up.
  let transport: Promise<Transporter> | undefined
  const connect = async () => {
    const { default: nodemailer } = await import('nodemailer')
    return nodemailer.createTransport({ ...smtpServerOptions(smtpUrl), socketTimeout: 20_000 })
  }
  return {
    async send(mail) {
      transport ??= connect()
      await (
        await transport
      ).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        replyTo: mail.replyTo,
        attachments: mail.attachments,
      })
    },
  }
}
