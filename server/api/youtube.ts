import * as API from '../../contracts/endpoints.ts'
import { byId, deleted, updated } from './audit.ts'
import { handle } from './define.ts'

export const listVideos = handle(API.listVideos, {
  heavy: true,
  handler: (input, { services }) => services.youtube.list(input),
})

export const syncVideos = handle(API.syncVideos, {
  audit: (input, result) => ({
    kind: 'video',
    action: 'sync',
    targetId: input.channelId ?? null,
    summary: `Synced videos: ${result.added} added, ${result.updated} updated`,
  }),
  heavy: true,
  handler: (input, { services }) => services.youtube.sync(input.channelId),
})

export const updateVideo = handle(API.updateVideo, {
  audit: (input, { video }) => updated('video')(input, video),
  handler: (input, { services }) => services.youtube.update(input),
})

export const deleteVideo = handle(API.deleteVideo, {
  audit: deleted('video', byId),
  async handler(input, { services }) {
    await services.youtube.remove(input.id)
    return { success: true }
  },
})

export const getChannelStats = handle(API.getChannelStats, {
  upstream: true,
  handler: (input, { services }) => services.youtube.channelStats(input.channelId),
})
