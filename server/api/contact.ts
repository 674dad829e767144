import { ContactInput } from '../../contracts/contact.ts'
import { endpoint } from './define.ts'

export const submitContact = endpoint({
  method: 'POST',
  path: '/contact/submit',
  access: 'public',
  source: 'json',
  input: ContactInput,
  handler: ({ input, meta, services }) => services.contact.submit(input, meta),
})
