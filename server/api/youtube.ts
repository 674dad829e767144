import * as API from '../../contracts/endpoints.ts'
import { handle } from './define.ts'

export const listVideos = handle(API.listVideos, {
  heavy: true,
  handler: (input, { services }) => services.youtube.list(input),
})

export const syncVideos = handle(API.syncVideos, {
  heavy: true,
  handler: (input, { services }) => services.youtube.sync(input.channelId),
})

export const updateVideo = handle(API.updateVideo, {
  handler: (input, { services }) => services.youtube.update(input),
})

export const deleteVideo = handle(API.deleteVideo, {
  async handler(input, { services }) {
    await services.youtube.remove(input.id)
    return { success: true }
  },
})

export const getChannelStats = handle(API.getChannelStats, {
  upstream: true,
  handler: (input, { services }) => services.youtube.channelStats(input.channelId),
})
