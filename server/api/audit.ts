import {
  type ActivityKind,
  type ActivityNote,
  activitySummary,
  changedFields,
} from '../../contracts/activity.ts'

// The audit log's usual entries, for an endpoint's `audit` (define.ts): who and when are added
// by the server; these say what changed, naming the item by its title and never by its body.

interface Titled {
  id: string | number
  title: string
}

/** `Created post “Orion Nebula”`, from the item the endpoint answers. */
export function created(kind: ActivityKind, noun: string = kind) {
  return (_input: unknown, item: Titled): ActivityNote => ({
    kind,
    action: 'create',
    targetId: item.id,
    summary: activitySummary('Created', noun, item.title),
  })
}

/** `Updated post “Orion Nebula”: title, status`: the fields the admin sent, not their values. */
export function updated(kind: ActivityKind, noun: string = kind) {
  return (input: object, item: Titled): ActivityNote => ({
    kind,
    action: 'update',
    targetId: item.id,
    summary: activitySummary('Updated', noun, item.title, changedFields(input)),
  })
}

/** `Deleted post #12`: the item is gone by the time the answer comes. */
export function deleted<I>(
  kind: ActivityKind,
  idOf: (input: I) => string | number,
  noun: string = kind,
) {
  return (input: I): ActivityNote => ({
    kind,
    action: 'delete',
    targetId: idOf(input),
    summary: activitySummary('Deleted', `${noun} #${idOf(input)}`, null),
  })
}

export const byId = (input: { id: string | number }) => input.id
