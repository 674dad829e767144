import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/** An SMTP answer other than 250: `code` and text (4xx temporary, 5xx permanent). */
export interface SmtpRefusal {
  code: number
  message: string
}

export interface SmtpServerOptions {
  /** Refuses a recipient (RCPT TO) with this answer, or accepts it (null). */
  onRecipient?: (address: string) => SmtpRefusal | null
  /**
   * Called with each message once it has been read and before it is answered: it may hold the
   * answer (resolve later), refuse it (return a refusal) or let it be accepted (null). The
   * message is kept only when accepted.
   */
  beforeAnswer?: (mail: ReceivedMail, index: number) => Promise<SmtpRefusal | null> | null
  /**
   * Called at each MAIL FROM (the start of a message, `index` counting them) before it is
   * answered: the moment between one message's answer and the next message's content.
   */
  beforeMailFrom?: (index: number) => Promise<SmtpRefusal | null> | null
}

const refusal = (r: SmtpRefusal) => Object.assign(new Error(r.message), { responseCode: r.code })

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpServer(
  port = 0,
  options: SmtpServerOptions = {},
): Promise<{ url: string; port: number; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = []
  let received = 0
  let started = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      const index = started++
      void Promise.resolve(options.beforeMailFrom?.(index) ?? null).then((refused) =>
        callback(refused ? refusal(refused) : undefined),
      )
    },
    onRcptTo(address, _session, callback) {
      const refused = options.onRecipient?.(address.address)
      callback(refused ? refusal(refused) : undefined)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        const index = received++
        void Promise.resolve(options.beforeAnswer?.(mail, index) ?? null).then((refused) => {
          if (refused) return callback(refusal(refused))
          mails.push(mail)
          callback()
        })
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.server.address()
  const actual = typeof address === 'object' && address ? address.port : port
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
