import { ImageDeleteInput, ImageUploadInput } from '../../contracts/media.ts'
import type { ImageListResponse } from '../../contracts/media-constants.ts'
import { NoInput } from '../../contracts/common.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

export const listImages = endpoint({
  ...API_PATHS.listImages,
  access: 'public',
  heavy: true,
  source: 'none',
  input: NoInput,
  async handler({ services }): Promise<ImageListResponse> {
    return { images: await services.headerImages.list() }
  },
})

export const uploadImage = endpoint({
  ...API_PATHS.uploadImage,
  access: 'admin',
  heavy: true,
  source: 'multipart',
  input: ImageUploadInput,
  async handler({ input, services, c }) {
    return c.json(await services.headerImages.upload(input), 201)
  },
})

export const deleteImage = endpoint({
  ...API_PATHS.deleteImage,
  access: 'admin',
  source: 'json',
  input: ImageDeleteInput,
  async handler({ input, services }) {
    await services.headerImages.remove(input.key)
    return { success: true }
  },
})
