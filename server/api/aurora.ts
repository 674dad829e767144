import * as API from '../../contracts/endpoints.ts'
import { handle } from './define.ts'

// The signed-in member's own alerts: no input names a user.
export const getAuroraAlerts = handle(API.getAuroraAlerts, {
  handler: (_input, { user, services }) => services.aurora.settings(user),
})

export const saveAuroraAlerts = handle(API.saveAuroraAlerts, {
  handler: (input, { user, services, publicOrigin }) =>
    services.aurora.save(user, input, publicOrigin()),
})
