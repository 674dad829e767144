import * as API from '../../contracts/endpoints.ts'
import { activitySummary } from '../../contracts/activity.ts'
import { handle } from './define.ts'

// The admin's view of the newsletter: every endpoint here is admin only.

export const getNewsletterStats = handle(API.getNewsletterStats, {
  handler: (_input, { services }) => services.newsletterAdmin.stats(),
})

export const listNewsletterSends = handle(API.listNewsletterSends, {
  handler: (input, { services }) => services.newsletterAdmin.sends(input),
})

/** The post's mail to the signed-in admin, now: 503 without SMTP, 502 when the server refuses. */
export const sendNewsletterTest = handle(API.sendNewsletterTest, {
  heavy: true,
  handler: (input, { user, services }) => services.newsletterAdmin.sendTest(input.postId, user),
})

export const previewNewsletterMail = handle(API.previewNewsletterMail, {
  handler: (input, { services }) => services.newsletterAdmin.preview(input.postId),
})

export const retryNewsletterSend = handle(API.retryNewsletterSend, {
  audit: (_input, send) => ({
    kind: 'newsletter',
    action: 'retry',
    targetId: send.id,
    summary: activitySummary('Retried', 'newsletter send', send.subject),
  }),
  handler: (input, { services }) => services.newsletterAdmin.retry(input.sendId),
})

/** Streamed a page of subscriptions at a time: the list is never held whole. */
export const exportNewsletterSubscribers = handle(API.exportNewsletterSubscribers, {
  heavy: true,
  handler: (_input, { services }) =>
    new Response(services.newsletterAdmin.exportCsv(), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="newsletter-subscribers.csv"',
      },
    }),
})
