import { DELIVERY_RETRY_DELAYS_MS } from '../../contracts/newsletter-constants.ts'

/**
 * What a failed attempt to hand a message to the SMTP server means. A 5xx answer is permanent
 * (the address does not exist, the message is refused): trying again would get the same answer.
 * A 4xx answer (greylisting, a full mailbox, "421 try later"), a connection that fails or a
 * timeout is temporary.
 */
export type FailureKind = 'temporary' | 'permanent'

export function classifySmtpError(error: unknown): FailureKind {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  if (typeof code === 'number' && code >= 500 && code < 600) return 'permanent'
  return 'temporary'
}

/** The error as the admin reads it: the server's answer when there is one. */
export function describeSmtpError(error: unknown): string {
  const e = error as { response?: unknown; message?: unknown; code?: unknown } | null
  if (typeof e?.response === 'string' && e.response) return e.response
  if (typeof e?.message === 'string' && e.message) return e.message
  return String(error)
}

/**
 * When the delivery is tried next after its `attempts`-th attempt failed this way, or null when
 * it has failed for good: a permanent failure at once, a temporary one after the last delay.
 */
export function nextAttemptAt(
  kind: FailureKind,
  attempts: number,
  now: Date,
  delaysMs: readonly number[] = DELIVERY_RETRY_DELAYS_MS,
): Date | null {
  if (kind === 'permanent') return null
  const delay = delaysMs[attempts - 1]
  return delay === undefined ? null : new Date(now.getTime() + delay)
}
