import * as API from '../../contracts/endpoints.ts'
import { LINK_PROBLEM_PAGE } from '../services/newsletter-subscriptions.ts'
import { handle } from './define.ts'

const redirect = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location } })

export const subscribeNewsletter = handle(API.subscribeNewsletter, {
  handler: (input, { meta, services, publicOrigin }) =>
    services.newsletterSubscriptions.subscribe(input, meta, publicOrigin()),
})

export const confirmNewsletter = handle(API.confirmNewsletter, {
  handler: async (input, { services }) =>
    redirect(await services.newsletterSubscriptions.confirm(input.t)),
})

export const getNewsletterPreferences = handle(API.getNewsletterPreferences, {
  handler: (input, { services }) => services.newsletterSubscriptions.preferences(input.t),
})

export const updateNewsletterPreferences = handle(API.updateNewsletterPreferences, {
  handler: (input, { services }) => services.newsletterSubscriptions.updatePreferences(input),
})

// The token is the whole authority: no cookie is read, so a mail provider's one-click POST
// from its own servers (any body, any content type) is accepted (server/http/security.ts).
export const unsubscribeNewsletter = handle(API.unsubscribeNewsletter, {
  crossSite: true,
  handler: (input, { services }) => services.newsletterSubscriptions.unsubscribe(input.t),
})

export const openNewsletterUnsubscribe = handle(API.openNewsletterUnsubscribe, {
  handler: (input) =>
    redirect(
      input.t
        ? `/email/preferences?t=${encodeURIComponent(input.t)}&unsubscribe=1`
        : `${LINK_PROBLEM_PAGE}?status=invalid`,
    ),
})

export const getMemberNewsletter = handle(API.getMemberNewsletter, {
  handler: (_input, { user, services }) => services.newsletterSubscriptions.member(user),
})

export const updateMemberNewsletter = handle(API.updateMemberNewsletter, {
  handler: (input, { user, services, publicOrigin }) =>
    services.newsletterSubscriptions.updateMember(user, input, publicOrigin()),
})
