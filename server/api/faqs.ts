import {
  FaqCreateInput,
  FaqDeleteInput,
  FaqListQuery,
  FaqUpdateInput,
} from '../../contracts/faqs.ts'
import { FAQ_BODY_BYTES } from './body-sizes.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

export const listFaqs = endpoint({
  ...API_PATHS.listFaqs,
  access: 'public',
  heavy: true,
  source: 'query',
  input: FaqListQuery,
  handler: ({ input, services }) => services.faqs.list(input),
})

export const createFaq = endpoint({
  ...API_PATHS.createFaq,
  access: 'admin',
  maxBodyBytes: FAQ_BODY_BYTES,
  source: 'json',
  input: FaqCreateInput,
  handler: ({ input, services }) => services.faqs.create(input),
})

export const updateFaq = endpoint({
  ...API_PATHS.updateFaq,
  access: 'admin',
  maxBodyBytes: FAQ_BODY_BYTES,
  source: 'json',
  input: FaqUpdateInput,
  handler: ({ input, services }) => services.faqs.update(input),
})

export const deleteFaq = endpoint({
  ...API_PATHS.deleteFaq,
  access: 'admin',
  source: 'json',
  input: FaqDeleteInput,
  async handler({ input, services }) {
    await services.faqs.remove(input.id)
    return { success: true }
  },
})
