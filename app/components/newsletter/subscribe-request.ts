import { subscribeNewsletter } from '../../../contracts/api-paths.ts'
import { NEWSLETTER_MESSAGES } from '../../../contracts/newsletter-constants.ts'
import { ApiRequestError, callApi } from '../../lib/api.ts'

/** What the form shows after a submit: the answer, or the problem and whether it is the field's. */
export type SubscribeOutcome =
  { ok: true; message: string } | { ok: false; message: string; field: boolean }

// Loaded when the form is first submitted, not with the page: the pages that carry the form
// (every one, in the footer) keep their first load as it was.
const looksLikeAddress = (v: string) => v.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)

export async function requestSubscription(
  email: string,
  website: string,
): Promise<SubscribeOutcome> {
  const address = email.trim()
  if (!looksLikeAddress(address))
    return { ok: false, message: NEWSLETTER_MESSAGES.emailInvalid, field: true }
  try {
    const answer = await callApi(
      subscribeNewsletter,
      { email: address, website },
      { fallbackMessage: NEWSLETTER_MESSAGES.requestFailed },
    )
    return { ok: true, message: answer.message }
  } catch (error) {
    const e = error instanceof ApiRequestError ? error : null
    return {
      ok: false,
      message: e?.message ?? NEWSLETTER_MESSAGES.requestFailed,
      field: Boolean(e?.details?.email),
    }
  }
}
