import {
  BlogCreateInput,
  BlogListQuery,
  BlogUpdateInput,
  DeleteByIdInput,
  IdOrSlugInput,
} from '../../contracts/blog.ts'
import { CONTENT_BODY_BYTES } from './body-sizes.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

export const listPosts = endpoint({
  ...API_PATHS.listPosts,
  access: 'public',
  heavy: true,
  source: 'query',
  input: BlogListQuery,
  handler: ({ input, user, services }) => services.blog.list(input, user),
})

export const getPost = endpoint({
  ...API_PATHS.getPost,
  access: 'public',
  source: 'json',
  input: IdOrSlugInput,
  handler: ({ input, user, services }) => services.blog.get(input, user),
})

export const createPost = endpoint({
  ...API_PATHS.createPost,
  access: 'admin',
  maxBodyBytes: CONTENT_BODY_BYTES,
  source: 'json',
  input: BlogCreateInput,
  handler: ({ input, user, services }) => services.blog.create(input, user),
})

export const updatePost = endpoint({
  ...API_PATHS.updatePost,
  access: 'admin',
  maxBodyBytes: CONTENT_BODY_BYTES,
  source: 'json',
  input: BlogUpdateInput,
  handler: ({ input, services }) => services.blog.update(input),
})

export const deletePost = endpoint({
  ...API_PATHS.deletePost,
  access: 'admin',
  source: 'json',
  input: DeleteByIdInput,
  async handler({ input, services }) {
    await services.blog.remove(input.id)
    return { success: true }
  },
})
