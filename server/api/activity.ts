import * as API from '../../contracts/endpoints.ts'
import { handle } from './define.ts'

// The admin audit log; the entries are written by the endpoints' `audit` (define.ts).

export const listActivity = handle(API.listActivity, {
  heavy: true,
  handler: (input, { services }) => services.activity.list(input),
})

export const listActivityAdmins = handle(API.listActivityAdmins, {
  handler: (_input, { services }) => services.activity.admins(),
})
