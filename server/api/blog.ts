import * as API from '../../contracts/api-paths.ts'
import { CONTENT_BODY_BYTES } from './body-sizes.ts'
import { handle } from './define.ts'

export const listPosts = handle(API.listPosts, {
  heavy: true,
  handler: (input, { user, services }) => services.blog.list(input, user),
})

export const getPost = handle(API.getPost, {
  handler: (input, { user, services }) => services.blog.get(input, user),
})

export const createPost = handle(API.createPost, {
  maxBodyBytes: CONTENT_BODY_BYTES,
  handler: (input, { user, services }) => services.blog.create(input, user),
})

export const updatePost = handle(API.updatePost, {
  maxBodyBytes: CONTENT_BODY_BYTES,
  handler: (input, { services }) => services.blog.update(input),
})

export const deletePost = handle(API.deletePost, {
  async handler(input, { services }) {
    await services.blog.remove(input.id)
    return { success: true }
  },
})
