import {
  ChannelStatsQuery,
  VideoDeleteInput,
  VideoListQuery,
  VideoSyncInput,
  VideoUpdateInput,
} from '../../contracts/media.ts'
import { endpoint } from './define.ts'

export const listVideos = endpoint({
  method: 'GET',
  path: '/youtube/list',
  access: 'public',
  source: 'query',
  input: VideoListQuery,
  handler: ({ input, services }) => services.youtube.list(input),
})

export const syncVideos = endpoint({
  method: 'POST',
  path: '/youtube/sync',
  access: 'admin',
  source: 'json',
  input: VideoSyncInput,
  handler: ({ input, services }) => services.youtube.sync(input.channelId),
})

export const updateVideo = endpoint({
  method: 'POST',
  path: '/youtube/update',
  access: 'admin',
  source: 'json',
  input: VideoUpdateInput,
  handler: ({ input, services }) => services.youtube.update(input),
})

export const deleteVideo = endpoint({
  method: 'POST',
  path: '/youtube/delete',
  access: 'admin',
  source: 'json',
  input: VideoDeleteInput,
  async handler({ input, services }) {
    await services.youtube.remove(input.id)
    return { success: true }
  },
})

export const getChannelStats = endpoint({
  method: 'GET',
  path: '/youtube/channel-stats',
  access: 'public',
  source: 'query',
  input: ChannelStatsQuery,
  handler: ({ input, services }) => services.youtube.channelStats(input.channelId),
})
