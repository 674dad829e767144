import * as API from '../../contracts/endpoints.ts'
import { byId, created, deleted, updated } from './audit.ts'
import { CONTENT_BODY_BYTES } from './body-sizes.ts'
import { handle, withHeaders } from './define.ts'

/**
 * Posts are read differently by members (protected bodies, and cards made from them) and visitors:
 * no shared cache keeps a member's answer, nor gives a visitor's to a member.
 */
function perViewer<R>(body: R, signedIn: boolean) {
  return withHeaders(
    body,
    signedIn ? { 'Cache-Control': 'private, no-store', Vary: 'Cookie' } : { Vary: 'Cookie' },
  )
}

export const listPosts = handle(API.listPosts, {
  heavy: true,
  handler: async (input, { user, services }) =>
    perViewer(await services.blog.list(input, user), user !== null),
})

export const getPost = handle(API.getPost, {
  handler: async (input, { user, services }) =>
    perViewer(await services.blog.get(input, user), user !== null),
})

export const createPost = handle(API.createPost, {
  audit: created('post'),
  maxBodyBytes: CONTENT_BODY_BYTES,
  handler: (input, { user, services }) => services.blog.create(input, user),
})

export const updatePost = handle(API.updatePost, {
  audit: updated('post'),
  maxBodyBytes: CONTENT_BODY_BYTES,
  handler: (input, { services }) => services.blog.update(input),
})

export const deletePost = handle(API.deletePost, {
  audit: deleted('post', byId),
  async handler(input, { services }) {
    await services.blog.remove(input.id)
    return { success: true }
  },
})
