import {
  BlogCreateInput,
  BlogListQuery,
  BlogUpdateInput,
  DeleteByIdInput,
  IdOrSlugInput,
} from '../../contracts/blog.ts'
import { endpoint } from './define.ts'

export const listPosts = endpoint({
  method: 'GET',
  path: '/blog/list',
  access: 'public',
  source: 'query',
  input: BlogListQuery,
  handler: ({ input, user, services }) => services.blog.list(input, user),
})

export const getPost = endpoint({
  method: 'POST',
  path: '/blog/get',
  access: 'public',
  source: 'json',
  input: IdOrSlugInput,
  handler: ({ input, user, services }) => services.blog.get(input, user),
})

export const createPost = endpoint({
  method: 'POST',
  path: '/blog/create',
  access: 'admin',
  source: 'json',
  input: BlogCreateInput,
  handler: ({ input, user, services }) => services.blog.create(input, user),
})

export const updatePost = endpoint({
  method: 'POST',
  path: '/blog/update',
  access: 'admin',
  source: 'json',
  input: BlogUpdateInput,
  handler: ({ input, services }) => services.blog.update(input),
})

export const deletePost = endpoint({
  method: 'POST',
  path: '/blog/delete',
  access: 'admin',
  source: 'json',
  input: DeleteByIdInput,
  async handler({ input, services }) {
    await services.blog.remove(input.id)
    return { success: true }
  },
})
