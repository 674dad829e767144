import { DeleteByIdInput, IdOrSlugInput } from '../../contracts/blog.ts'
import { PageCreateInput, PageListQuery, PageUpdateInput } from '../../contracts/pages.ts'
import { endpoint } from './define.ts'

export const listPages = endpoint({
  method: 'GET',
  path: '/pages/list',
  access: 'public',
  source: 'query',
  input: PageListQuery,
  handler: async ({ input, user, services }) => ({ pages: await services.pages.list(input, user) }),
})

export const getPage = endpoint({
  method: 'POST',
  path: '/pages/get',
  access: 'public',
  source: 'json',
  input: IdOrSlugInput,
  handler: ({ input, user, services }) => services.pages.get(input, user),
})

export const createPage = endpoint({
  method: 'POST',
  path: '/pages/create',
  access: 'admin',
  source: 'json',
  input: PageCreateInput,
  handler: ({ input, services }) => services.pages.create(input),
})

export const updatePage = endpoint({
  method: 'POST',
  path: '/pages/update',
  access: 'admin',
  source: 'json',
  input: PageUpdateInput,
  handler: ({ input, services }) => services.pages.update(input),
})

export const deletePage = endpoint({
  method: 'POST',
  path: '/pages/delete',
  access: 'admin',
  source: 'json',
  input: DeleteByIdInput,
  async handler({ input, services }) {
    await services.pages.remove(input.id)
    return { success: true }
  },
})
