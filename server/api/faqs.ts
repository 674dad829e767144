import * as API from '../../contracts/endpoints.ts'
import { byId, created, deleted, updated } from './audit.ts'
import { FAQ_BODY_BYTES } from './body-sizes.ts'
import { handle } from './define.ts'

export const listFaqs = handle(API.listFaqs, {
  heavy: true,
  handler: (input, { services }) => services.faqs.list(input),
})

export const createFaq = handle(API.createFaq, {
  audit: created('faq', 'FAQ'),
  maxBodyBytes: FAQ_BODY_BYTES,
  handler: (input, { services }) => services.faqs.create(input),
})

export const updateFaq = handle(API.updateFaq, {
  audit: updated('faq', 'FAQ'),
  maxBodyBytes: FAQ_BODY_BYTES,
  handler: (input, { services }) => services.faqs.update(input),
})

export const deleteFaq = handle(API.deleteFaq, {
  audit: deleted('faq', byId, 'FAQ'),
  async handler(input, { services }) {
    await services.faqs.remove(input.id)
    return { success: true }
  },
})
