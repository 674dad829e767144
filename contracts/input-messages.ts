import { z } from 'zod'

/**
 * Messages for the checks a schema leaves to zod's defaults, which read like a parser's
 * ("Invalid input: expected string, received undefined"). A message a schema sets itself (every
 * one the spec names) always wins; these only fill the gaps, in the API's own voice and naming
 * the field: "Display name is required", "Sort by must be one of: displayName, email, createdAt".
 */
type Issue = z.core.$ZodRawIssue

/** `displayName` → "Display name"; the field's last named part, or null at the top. */
function fieldLabel(path: readonly PropertyKey[] | undefined): string | null {
  const name = [...(path ?? [])].reverse().find((p) => typeof p === 'string')
  if (!name) return null
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
}

function sized(origin: string | undefined, bound: number | bigint): string {
  if (origin === 'string') return `${bound} character${bound === 1 ? '' : 's'}`
  if (origin === 'array' || origin === 'set') return `${bound} item${bound === 1 ? '' : 's'}`
  return String(bound)
}

export function inputMessage(issue: Issue): string | undefined {
  const label = fieldLabel(issue.path)
  const subject = label ?? 'The input'
  switch (issue.code) {
    case 'invalid_type': {
      if (!label && issue.expected === 'object') return 'The request body must be a JSON object.'
      if (issue.input === undefined) return `${subject} is required`
      return `${subject} must be ${KINDS[issue.expected] ?? issue.expected}`
    }
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1)
        return `${subject} must not be empty`
      return `${subject} must be at least ${sized(issue.origin, issue.minimum)}`
    case 'too_big':
      return `${subject} must be at most ${sized(issue.origin, issue.maximum)}`
    case 'invalid_value':
      return `${subject} must be one of: ${issue.values.map(String).join(', ')}`
    case 'invalid_format':
      return `${subject} is not a valid ${issue.format === 'regex' ? 'value' : issue.format}`
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`
    default:
      return undefined
  }
}

/** Once, for the whole server process (zod's configuration is global). */
export function applyInputMessages(): void {
  z.config({ customError: inputMessage })
}
