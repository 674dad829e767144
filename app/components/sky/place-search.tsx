import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import type { Place } from '../../../contracts/sky-tonight.ts'
import { callApi } from '../../lib/api.ts'
import { cn } from '../../lib/cn.ts'
import { Input, Label } from '../ui/input.tsx'

const DEBOUNCE_MS = 250
const MIN_QUERY = 2

export const placeLabel = (p: Pick<Place, 'name' | 'country'>) =>
  p.country ? `${p.name}, ${p.country}` : p.name

/**
 * A combobox over the server's list of towns (/_api/sky/places): typing asks after a pause, the
 * arrow keys move through the answers, Enter or a click chooses one.
 */
export function PlaceSearch({
  label,
  onSelect,
}: {
  label: string
  onSelect: (place: Place) => void
}) {
  const id = useId()
  const listId = `${id}-list`
  const [query, setQuery] = useState('')
  const [places, setPlaces] = useState<Place[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState('')
  const request = useRef<AbortController | null>(null)

  useEffect(() => {
    const q = query.trim()
    if (q.length < MIN_QUERY) return
    const timer = setTimeout(() => {
      request.current?.abort()
      const controller = new AbortController()
      request.current = controller
      callApi(API_PATHS.searchSkyPlaces, { q }, { signal: controller.signal }).then(
        (answer) => {
          setPlaces(answer.places)
          setActive(answer.places.length ? 0 : -1)
          setOpen(true)
          setStatus(
            answer.places.length
              ? `${answer.places.length} places found`
              : `No town matches “${q}”`,
          )
        },
        (error: unknown) => {
          if ((error as Error).name !== 'AbortError') setStatus((error as Error).message)
        },
      )
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [query])

  const choose = (place: Place) => {
    setOpen(false)
    setQuery(placeLabel(place))
    onSelect(place)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && places.length) {
      e.preventDefault()
      setOpen(true)
      setActive((i) => (i + 1) % places.length)
    } else if (e.key === 'ArrowUp' && places.length) {
      e.preventDefault()
      setActive((i) => (i <= 0 ? places.length - 1 : i - 1))
    } else if (e.key === 'Enter' && open && places[active]) {
      e.preventDefault()
      choose(places[active])
    } else if (e.key === 'Escape') {
      setOpen(false)
    }
  }

  const expanded = open && places.length > 0
  return (
    <div className="relative">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-${active}` : undefined}
        placeholder="Search towns, e.g. São Paulo"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          if (e.target.value.trim().length < MIN_QUERY) {
            setPlaces([])
            setStatus('')
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => places.length && setOpen(true)}
        className="mt-1"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-border bg-card p-1 shadow-lg"
      >
        {places.map((place, i) => (
          <li
            key={`${place.name}-${place.lat}-${place.lon}`}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => {
              e.preventDefault()
              choose(place)
            }}
            className={cn(
              'cursor-pointer rounded-md px-3 py-2 text-sm',
              i === active ? 'bg-muted text-foreground' : 'text-foreground',
            )}
          >
            {placeLabel(place)}
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status">
        {status}
      </p>
    </div>
  )
}
