/**
 * Type tests, checked by `npm run typecheck` (never run): each `@ts-expect-error` fails the
 * typecheck if the line under it stops being an error, so these prove that a handler cannot
 * answer another shape than its contract's, nor read an input its schema does not give.
 */
import * as API from '../../contracts/api-paths.ts'
import { handle } from './define.ts'

export function handlersAreHeldToTheirContracts() {
  handle(API.listFaqs, {
    // @ts-expect-error: a list of FAQs is an object with `faqs` and `pagination`, not a string
    handler: () => 'not a list',
  })
  handle(API.updateFaq, {
    // @ts-expect-error: an FAQ has `content` and `lastUpdated` too
    handler: (input) => ({ id: input.id, title: 'Saturn' }),
  })
  handle(API.deleteFaq, {
    handler: (input, { user }) => {
      // An admin endpoint's caller is always signed in.
      const role: string = user.role
      // @ts-expect-error: deleting takes an id and nothing else
      const title: string = input.title
      return { success: role.length > 0 && title.length > 0 }
    },
  })
  handle(API.listFaqs, {
    handler: (_input, { user }) => {
      // @ts-expect-error: a public endpoint's caller may be nobody
      const role: string = user.role
      return { faqs: [], pagination: { page: 1, limit: 10, total: role.length, totalPages: 1 } }
    },
  })
}
