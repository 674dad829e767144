/**
 * Reads superjson's `{json, meta}` wire form in the browser without the whole library: the radio
 * endpoints only ever carry Dates (and undefined) as rich types. Anything else is a programming
 * error and throws, so a new type on the server cannot be silently mangled.
 */
type Annotation = string | [string, ...unknown[]]
interface Meta {
  values?: Record<string, Annotation | [Annotation, Record<string, unknown>]> | Annotation[]
}

function revive(value: unknown, type: Annotation): unknown {
  const name = Array.isArray(type) ? type[0] : type
  if (name === 'Date') return new Date(value as string)
  if (name === 'undefined') return undefined
  throw new Error(`superjson-lite: unsupported type ${String(name)}`)
}

export function deserializeSuperjson<T>(payload: { json: unknown; meta?: unknown }): T {
  const meta = payload.meta as Meta | undefined
  const root = payload.json
  const values = meta?.values
  if (!values) return root as T
  if (Array.isArray(values)) return revive(root, values as Annotation) as T
  for (const [path, type] of Object.entries(values)) {
    const keys = path.split('.').map((k) => k.replace(/\\\./g, '.'))
    const last = keys.pop()!
    let parent: Record<string, unknown> = root as Record<string, unknown>
    for (const key of keys) parent = parent[key] as Record<string, unknown>
    parent[last] = revive(parent[last], type as Annotation)
  }
  return root as T
}
