import { DeleteByIdInput, IdOrSlugInput } from '../../contracts/blog.ts'
import { PageCreateInput, PageListQuery, PageUpdateInput } from '../../contracts/pages.ts'
import { CONTENT_BODY_BYTES } from './body-sizes.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

export const listPages = endpoint({
  ...API_PATHS.listPages,
  access: 'public',
  heavy: true,
  source: 'query',
  input: PageListQuery,
  handler: ({ input, user, services }) => services.pages.listPaged(input, user),
})

export const getPage = endpoint({
  ...API_PATHS.getPage,
  access: 'public',
  source: 'json',
  input: IdOrSlugInput,
  handler: ({ input, user, services }) => services.pages.get(input, user),
})

export const createPage = endpoint({
  ...API_PATHS.createPage,
  access: 'admin',
  maxBodyBytes: CONTENT_BODY_BYTES,
  source: 'json',
  input: PageCreateInput,
  handler: ({ input, services }) => services.pages.create(input),
})

export const updatePage = endpoint({
  ...API_PATHS.updatePage,
  access: 'admin',
  maxBodyBytes: CONTENT_BODY_BYTES,
  source: 'json',
  input: PageUpdateInput,
  handler: ({ input, services }) => services.pages.update(input),
})

export const deletePage = endpoint({
  ...API_PATHS.deletePage,
  access: 'admin',
  source: 'json',
  input: DeleteByIdInput,
  async handler({ input, services }) {
    await services.pages.remove(input.id)
    return { success: true }
  },
})
