import { z } from 'zod'
import { FaqCreateInput, FaqDeleteInput, FaqUpdateInput } from '../../contracts/faqs.ts'
import { endpoint } from './define.ts'

export const listFaqs = endpoint({
  method: 'GET',
  path: '/faqs/list',
  access: 'public',
  source: 'none',
  input: z.object({}),
  handler: async ({ services }) => ({ faqs: await services.faqs.list() }),
})

export const createFaq = endpoint({
  method: 'POST',
  path: '/faqs/create',
  access: 'admin',
  source: 'json',
  input: FaqCreateInput,
  handler: ({ input, services }) => services.faqs.create(input),
})

export const updateFaq = endpoint({
  method: 'POST',
  path: '/faqs/update',
  access: 'admin',
  source: 'json',
  input: FaqUpdateInput,
  handler: ({ input, services }) => services.faqs.update(input),
})

export const deleteFaq = endpoint({
  method: 'POST',
  path: '/faqs/delete',
  access: 'admin',
  source: 'json',
  input: FaqDeleteInput,
  async handler({ input, services }) {
    await services.faqs.remove(input.id)
    return { success: true }
  },
})
