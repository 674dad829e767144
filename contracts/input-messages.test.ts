import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { applyInputMessages } from './input-messages.ts'

applyInputMessages()

const messages = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}

describe('messages for the checks a schema leaves to zod', () => {
  const Input = z.object({
    displayName: z.string().min(1),
    sortBy: z.enum(['displayName', 'email']),
    count: z.number().max(10),
    tags: z.array(z.string()).max(2),
    email: z.email(),
  })

  it('names the field and says what it must be', () => {
    expect(
      messages(Input, {
        displayName: '',
        sortBy: 'age',
        count: 11,
        tags: ['a', 'b', 'c'],
        email: 'x',
      }),
    ).toEqual([
      'Display name must not be empty',
      'Sort by must be one of: displayName, email',
      'Count must be at most 10',
      'Tags must be at most 2 items',
      'Email is not a valid email',
    ])
    expect(
      messages(Input, { displayName: 3, sortBy: 'email', count: '1', tags: [], email: 'a@b.co' }),
    ).toEqual(['Display name must be text', 'Count must be a number'])
    expect(messages(Input, { sortBy: 'email', count: 1, tags: [], email: 'a@b.co' })).toEqual([
      'Display name is required',
    ])
    expect(messages(Input, null)).toEqual(['The request body must be a JSON object.'])
    expect(messages(z.object({ n: z.number() }), { n: Infinity })).toEqual(['N must be a number'])
  })

  it('leaves a schema’s own message alone', () => {
    expect(messages(z.string({ error: 'Title is required' }), undefined)).toEqual([
      'Title is required',
    ])
    expect(messages(z.string().min(3, { error: 'Too short, friend' }), 'ab')).toEqual([
      'Too short, friend',
    ])
  })
})
