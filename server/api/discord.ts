import { ChannelImagesQuery } from '../../contracts/media.ts'
import { NoInput } from './auth.ts'
import { endpoint } from './define.ts'

export const getWidget = endpoint({
  method: 'GET',
  path: '/discord/widget',
  access: 'public',
  source: 'none',
  input: NoInput,
  handler: ({ services }) => services.discordCommunity.widget(),
})

export const getChannelImages = endpoint({
  method: 'GET',
  path: '/discord/channel-images',
  access: 'public',
  source: 'query',
  input: ChannelImagesQuery,
  handler: ({ input, services }) => services.discordCommunity.channelImages(input),
})
