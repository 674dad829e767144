import * as API from '../../contracts/endpoints.ts'
import { handle } from './define.ts'

export const listImages = handle(API.listImages, {
  heavy: true,
  handler: async (_input, { services }) => ({ images: await services.headerImages.list() }),
})

export const uploadImage = handle(API.uploadImage, {
  heavy: true,
  handler: (input, { services }) => services.headerImages.upload(input),
})

export const deleteImage = handle(API.deleteImage, {
  async handler(input, { services }) {
    await services.headerImages.remove(input.key)
    return { success: true }
  },
})
