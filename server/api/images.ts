import * as API from '../../contracts/endpoints.ts'
import { created, deleted } from './audit.ts'
import { handle } from './define.ts'

export const listImages = handle(API.listImages, {
  heavy: true,
  handler: async (_input, { services }) => ({ images: await services.headerImages.list() }),
})

export const uploadImage = handle(API.uploadImage, {
  audit: (input, image) => ({
    ...created('image', 'header image')(input, { id: image.key, title: image.title }),
    action: 'upload',
  }),
  heavy: true,
  handler: (input, { services }) => services.headerImages.upload(input),
})

export const deleteImage = handle(API.deleteImage, {
  audit: deleted('image', (input) => input.key, 'header image'),
  async handler(input, { services }) {
    await services.headerImages.remove(input.key)
    return { success: true }
  },
})
