import { activitySummary, changedFields } from '../../contracts/activity.ts'
import * as API from '../../contracts/endpoints.ts'
import { byId, deleted } from './audit.ts'
import { handle } from './define.ts'

// The admin inbox of contact-form messages; every endpoint here is admin only. The audit log
// names a message by its id: its sender's name and address stay in the message alone.

export const listContactMessages = handle(API.listContactMessages, {
  handler: (input, { services }) => services.contactInbox.list(input),
})

export const updateContactMessage = handle(API.updateContactMessage, {
  audit: (input) => ({
    kind: 'message',
    action: 'update',
    targetId: input.id,
    summary: activitySummary('Updated', `message #${input.id}`, null, changedFields(input)),
  }),
  handler: async (input, { services }) => ({ message: await services.contactInbox.update(input) }),
})

export const deleteContactMessage = handle(API.deleteContactMessage, {
  audit: deleted('message', byId),
  async handler(input, { services }) {
    await services.contactInbox.remove(input.id)
    return { success: true }
  },
})
