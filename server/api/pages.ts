import * as API from '../../contracts/endpoints.ts'
import { byId, created, deleted, updated } from './audit.ts'
import { CONTENT_BODY_BYTES } from './body-sizes.ts'
import { handle } from './define.ts'

export const listPages = handle(API.listPages, {
  heavy: true,
  handler: (input, { user, services }) => services.pages.listPaged(input, user),
})

export const getPage = handle(API.getPage, {
  handler: (input, { user, services }) => services.pages.get(input, user),
})

export const createPage = handle(API.createPage, {
  audit: created('page'),
  maxBodyBytes: CONTENT_BODY_BYTES,
  handler: (input, { services }) => services.pages.create(input),
})

export const updatePage = handle(API.updatePage, {
  audit: updated('page'),
  maxBodyBytes: CONTENT_BODY_BYTES,
  handler: (input, { services }) => services.pages.update(input),
})

export const deletePage = handle(API.deletePage, {
  audit: deleted('page', byId),
  async handler(input, { services }) {
    await services.pages.remove(input.id)
    return { success: true }
  },
})
