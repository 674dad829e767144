import * as API from '../../contracts/endpoints.ts'
import { byId, created, deleted, updated } from './audit.ts'
import { ANNOUNCEMENT_BODY_BYTES } from './body-sizes.ts'
import { handle } from './define.ts'

export const listAnnouncements = handle(API.listAnnouncements, {
  heavy: true,
  handler: (input, { services }) => services.announcements.list(input),
})

export const createAnnouncement = handle(API.createAnnouncement, {
  audit: created('announcement'),
  maxBodyBytes: ANNOUNCEMENT_BODY_BYTES,
  handler: (input, { services }) => services.announcements.create(input),
})

export const updateAnnouncement = handle(API.updateAnnouncement, {
  audit: updated('announcement'),
  maxBodyBytes: ANNOUNCEMENT_BODY_BYTES,
  handler: (input, { services }) => services.announcements.update(input),
})

export const deleteAnnouncement = handle(API.deleteAnnouncement, {
  audit: deleted('announcement', byId),
  async handler(input, { services }) {
    await services.announcements.remove(input.id)
    return { success: true }
  },
})
