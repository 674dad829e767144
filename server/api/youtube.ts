import {
  ChannelStatsQuery,
  VideoDeleteInput,
  VideoListQuery,
  VideoSyncInput,
  VideoUpdateInput,
} from '../../contracts/media.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

export const listVideos = endpoint({
  ...API_PATHS.listVideos,
  access: 'public',
  heavy: true,
  source: 'query',
  input: VideoListQuery,
  handler: ({ input, services }) => services.youtube.list(input),
})

export const syncVideos = endpoint({
  ...API_PATHS.syncVideos,
  access: 'admin',
  heavy: true,
  source: 'json',
  input: VideoSyncInput,
  handler: ({ input, services }) => services.youtube.sync(input.channelId),
})

export const updateVideo = endpoint({
  ...API_PATHS.updateVideo,
  access: 'admin',
  source: 'json',
  input: VideoUpdateInput,
  handler: ({ input, services }) => services.youtube.update(input),
})

export const deleteVideo = endpoint({
  ...API_PATHS.deleteVideo,
  access: 'admin',
  source: 'json',
  input: VideoDeleteInput,
  async handler({ input, services }) {
    await services.youtube.remove(input.id)
    return { success: true }
  },
})

export const getChannelStats = endpoint({
  ...API_PATHS.getChannelStats,
  access: 'public',
  upstream: true,
  source: 'query',
  input: ChannelStatsQuery,
  handler: ({ input, services }) => services.youtube.channelStats(input.channelId),
})
