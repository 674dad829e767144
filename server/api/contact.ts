import * as API from '../../contracts/endpoints.ts'
import { CONTACT_BODY_BYTES } from './body-sizes.ts'
import { handle } from './define.ts'

export const submitContact = handle(API.submitContact, {
  maxBodyBytes: CONTACT_BODY_BYTES,
  handler: (input, { meta, services }) => services.contact.submit(input, meta),
})
