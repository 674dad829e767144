import * as API from '../../contracts/endpoints.ts'
import { handle } from './define.ts'

export const getSkyTonight = handle(API.getSkyTonight, {
  handler: (input, { services }) => services.tonight.tonight(input),
})

export const searchSkyPlaces = handle(API.searchSkyPlaces, {
  handler: (input, { services }) => services.tonight.searchPlaces(input.q),
})

// The signed-in member's own home place: no input names a user.
export const getHomePlace = handle(API.getHomePlace, {
  handler: (_input, { user, services }) => services.tonight.homePlace(user.id),
})

export const saveHomePlace = handle(API.saveHomePlace, {
  handler: (input, { user, services }) => services.tonight.saveHomePlace(user.id, input),
})
