import { describe, expect, it } from 'vitest'
import type { FieldValues, ResolverOptions } from 'react-hook-form'
import { schemaResolver } from '../../app/lib/form-check.ts'
import { AdminUserCreateInput } from '../../contracts/admin-users.ts'
import { FaqCreateInput } from '../../contracts/faqs.ts'
import { applyInputMessages } from '../../contracts/input-messages.ts'
import { validationError } from './api.ts'

// As the server does when it starts; the form kit does it when it loads.
applyInputMessages()

const options = <T extends FieldValues>(): ResolverOptions<T> => ({
  fields: {},
  shouldUseNativeValidation: false,
})

describe("the dashboard's forms and the API say the same", () => {
  /** What the server answers for this input: its 400's details, from its own validation. */
  function serverDetails(
    schema: typeof FaqCreateInput | typeof AdminUserCreateInput,
    input: unknown,
  ) {
    const parsed = schema.safeParse(input)
    if (parsed.success) return {}
    const details = validationError(parsed.error).details ?? {}
    return Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v[0]]))
  }

  async function formMessages(schema: Parameters<typeof schemaResolver>[0], values: object) {
    const result = await schemaResolver(schema, (v) => v)(values, undefined, options())
    return Object.fromEntries(
      Object.entries(result.errors).map(([k, v]) => [k, (v as { message?: string }).message]),
    )
  }

  it("shows the server's message for the same bad input, its own wording included", async () => {
    // A title over 300 characters has no message of its own: the API's wording names the field.
    const faq = { title: 'x'.repeat(301), content: '' }
    const server = serverDetails(FaqCreateInput, faq)
    expect(server).toEqual({
      title: 'Title must be at most 300 characters',
      content: 'Content is required',
    })
    expect(await formMessages(FaqCreateInput, faq)).toEqual(server)

    const user = { email: 'nope', displayName: ' ', password: 'short', role: 'owner' }
    const userServer = serverDetails(AdminUserCreateInput, user)
    expect(userServer).toEqual({
      email: 'Invalid email address',
      displayName: 'Display name is required',
      password: 'Password must be at least 8 characters long',
      role: 'Role must be user or admin',
    })
    expect(await formMessages(AdminUserCreateInput, user)).toEqual(userServer)
  })
})
