import { ChannelImagesQuery } from '../../contracts/media.ts'
import { NoInput } from '../../contracts/common.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

export const getWidget = endpoint({
  ...API_PATHS.getWidget,
  access: 'public',
  upstream: true,
  source: 'none',
  input: NoInput,
  handler: ({ services }) => services.discordCommunity.widget(),
})

export const getChannelImages = endpoint({
  ...API_PATHS.getChannelImages,
  access: 'public',
  upstream: true,
  source: 'query',
  input: ChannelImagesQuery,
  handler: ({ input, services }) => services.discordCommunity.channelImages(input),
})
