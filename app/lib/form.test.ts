import { describe, expect, it } from 'vitest'
import type { FieldValues, ResolverOptions } from 'react-hook-form'
import { FaqCreateInput } from '../../contracts/faqs.ts'
import { ApiRequestError } from './api.ts'
import { placeApiError, schemaResolver } from './form-check.ts'
import { FORM_VALIDATION } from './form.ts'

const options = <T extends FieldValues>(): ResolverOptions<T> => ({
  fields: {},
  shouldUseNativeValidation: false,
})

describe('placeApiError', () => {
  const fields = new Set(['title', 'content', 'email'])
  const has = (name: string) => fields.has(name)

  it("puts each of the server's field details under its field, and nothing on the form", () => {
    const error = new ApiRequestError(400, 'Title is required', {
      title: ['Title is required', 'a second message'],
      content: ['Content is required'],
    })
    expect(placeApiError(error, has)).toEqual({
      fields: { title: 'Title is required', content: 'Content is required' },
      form: null,
    })
  })

  it('gives the form the details no field takes, and the message when there are none', () => {
    const error = new ApiRequestError(400, 'FAQ id must be a positive whole number', {
      id: ['FAQ id must be a positive whole number'],
      title: ['Title is required'],
    })
    expect(placeApiError(error, has)).toEqual({
      fields: { title: 'Title is required' },
      form: 'FAQ id must be a positive whole number',
    })
    expect(placeApiError(new ApiRequestError(401, 'Invalid email or password.'), has)).toEqual({
      fields: {},
      form: 'Invalid email or password.',
    })
    expect(placeApiError(new TypeError(''), has, undefined, 'Failed to save')).toEqual({
      fields: {},
      form: 'Failed to save',
    })
  })

  it("puts a 409's message under the field it concerns, only when it is that message", () => {
    const taken = new ApiRequestError(409, 'A user with this email already exists')
    const conflict = { field: 'email', message: 'A user with this email already exists' }
    expect(placeApiError(taken, has, conflict).fields).toEqual({
      email: 'A user with this email already exists',
    })
    const demote = new ApiRequestError(409, 'You cannot remove your own admin role.')
    expect(placeApiError(demote, has, conflict)).toEqual({
      fields: {},
      form: 'You cannot remove your own admin role.',
    })
  })
})

describe('schemaResolver', () => {
  it('checks what the form would send, and hands on the values as typed', async () => {
    const values = { title: '  Moon  ', content: '<p>Full</p>' }
    const withId = schemaResolver<typeof values>(FaqCreateInput, (v) => ({ ...v, id: 4 }))
    expect(await withId(values, undefined, options<typeof values>())).toEqual({
      values,
      errors: {},
    })
    const empty = await schemaResolver<typeof values>(FaqCreateInput, (v) => v)(
      { title: '', content: '' },
      undefined,
      options<typeof values>(),
    )
    expect(empty.errors.title?.message).toBe('Title is required')
  })
})

describe('when a field is checked', () => {
  it('on leaving it or on sending the form first, then as it changes; never while first typed', () => {
    expect(FORM_VALIDATION).toEqual({ mode: 'onTouched', reValidateMode: 'onChange' })
  })
})
