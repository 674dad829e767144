/**
 * Type tests, checked by `npm run typecheck` (never run): each `@ts-expect-error` fails the
 * typecheck if the line under it stops being an error, so these prove that a handler cannot
 * answer another shape than its contract's, nor read an input its schema does not give.
 */
import * as API from '../../contracts/endpoints.ts'
import { handle, withHeaders } from './define.ts'

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

export function everyEndpointIsHeldToItsResponse() {
  handle(API.createUser, {
    // @ts-expect-error: creating a user answers `{ user }`, not the user itself
    handler: async (input, { services }) => services.adminUsers.create(input),
  })
  handle(API.getInvoice, {
    // @ts-expect-error: an invoice has its client, items and totals too
    handler: (input) => ({ id: input.invoiceId, invoiceNumber: 'INV-2026-0001' }),
  })
  handle(API.deleteInvoice, {
    // @ts-expect-error: a delete answers `{ success }`
    handler: async (input, { services }) => services.invoices.remove(input.invoiceId),
  })
  handle(API.getSession, {
    // @ts-expect-error: the session answers `{ user }`, with the user or null
    handler: (_input, { user }) => user,
  })
  handle(API.getStation, {
    // @ts-expect-error: the radio answers superjson's `{json, meta}`, not the station itself
    handler: async (_input, { services }) => services.radio.station(),
  })
  handle(API.getMoonPhase, {
    // @ts-expect-error: the headers go with the moon phase, not with something else
    handler: () => withHeaders({ ageSeconds: 1 }, { Age: '1' }),
  })
  // A page, a redirect or a file is a web Response, whatever the contract's JSON would be.
  handle(API.downloadInvoicePdf, { handler: () => new Response('%PDF') })
}

export function contextsCarryNoHttp() {
  handle(API.logout, {
    handler: (_input, ctx) => {
      // @ts-expect-error: a handler has no Hono context to reach into
      ctx.c.header('Cache-Control', 'no-store')
      return { success: true }
    },
  })
  handle(API.updatePassword, {
    handler: (input, { user, session }) => {
      // @ts-expect-error: the member's password change takes the new password, not a user id
      const id: number = input.userId
      return { success: user.id === id && session.id !== null }
    },
  })
}
