import { ContactInput } from '../../contracts/contact.ts'
import { CONTACT_BODY_BYTES } from './body-sizes.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

export const submitContact = endpoint({
  ...API_PATHS.submitContact,
  access: 'public',
  maxBodyBytes: CONTACT_BODY_BYTES,
  source: 'json',
  input: ContactInput,
  handler: ({ input, meta, services }) => services.contact.submit(input, meta),
})
