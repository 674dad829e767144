import { ImageDeleteInput, ImageUploadInput } from '../../contracts/media.ts'
import type { ImageListResponse } from '../../contracts/media-constants.ts'
import { NoInput } from './auth.ts'
import { endpoint } from './define.ts'

export const listImages = endpoint({
  method: 'GET',
  path: '/images/list',
  access: 'public',
  source: 'none',
  input: NoInput,
  async handler({ services }): Promise<ImageListResponse> {
    return { images: await services.headerImages.list() }
  },
})

export const uploadImage = endpoint({
  method: 'POST',
  path: '/images/upload',
  access: 'admin',
  source: 'multipart',
  input: ImageUploadInput,
  async handler({ input, services, c }) {
    return c.json(await services.headerImages.upload(input), 201)
  },
})

export const deleteImage = endpoint({
  method: 'POST',
  path: '/images/delete',
  access: 'admin',
  source: 'json',
  input: ImageDeleteInput,
  async handler({ input, services }) {
    await services.headerImages.remove(input.key)
    return { success: true }
  },
})
