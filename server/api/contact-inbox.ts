import * as API from '../../contracts/api-paths.ts'
import { handle } from './define.ts'

// The admin inbox of contact-form messages; every endpoint here is admin only.

export const listContactMessages = handle(API.listContactMessages, {
  handler: (input, { services }) => services.contactInbox.list(input),
})

export const updateContactMessage = handle(API.updateContactMessage, {
  handler: async (input, { services }) => ({ message: await services.contactInbox.update(input) }),
})

export const deleteContactMessage = handle(API.deleteContactMessage, {
  async handler(input, { services }) {
    await services.contactInbox.remove(input.id)
    return { success: true }
  },
})
