import * as API from '../../contracts/endpoints.ts'
import { handle } from './define.ts'

export const getWidget = handle(API.getWidget, {
  upstream: true,
  handler: (_input, { services }) => services.discordCommunity.widget(),
})

export const getChannelImages = handle(API.getChannelImages, {
  upstream: true,
  handler: (input, { services }) => services.discordCommunity.channelImages(input),
})

export const getDiscordInvite = handle(API.getDiscordInvite, {
  upstream: true,
  handler: (_input, { user, services }) => services.discordInvite.forMember(user),
})
